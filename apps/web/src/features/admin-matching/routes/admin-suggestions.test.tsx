import type { MatchCandidate, MatchExplanation, MatchingRun } from '@intergen/contracts';
import { matchingTexts } from '@intergen/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildUser,
  configAnswer,
  errorAnswer,
  type FakeApi,
  installFakeApi,
  renderApp,
} from '../../../test/render';

const admin = buildUser({ id: 'a1', kind: null, isAdmin: true, profile: null, firstName: 'Admin' });

const grace: MatchCandidate = { id: 'e1', name: 'Grace Hopper', companyName: null, status: 'published' };
const alan: MatchCandidate = { id: 'e2', name: 'Alan Turing', companyName: null, status: 'pending' };
const engines: MatchCandidate = {
  id: 'c1',
  name: 'Ada Lovelace',
  companyName: 'Analytical Engines',
  status: 'published',
};

const explanation: MatchExplanation = {
  score: 84,
  parts: [
    {
      part: 'needs',
      label: 'Needs covered',
      weight: 40,
      points: 40,
      shared: [{ code: 'legal', label: 'Legal' }],
    },
    {
      part: 'industry',
      label: 'Industry experience',
      weight: 25,
      points: 25,
      shared: [{ code: 'tech', label: 'Technology' }],
    },
    { part: 'engagement', label: 'Kind of engagement', weight: 15, points: 0, shared: [] },
    {
      part: 'stage',
      label: 'Company stage',
      weight: 10,
      points: 10,
      shared: [{ code: 'scaling', label: 'Scaling' }],
    },
    { part: 'arrangement', label: 'Arrangement', weight: 5, points: 5, shared: [] },
    { part: 'businessType', label: 'Business type', weight: 5, points: 0, shared: [] },
    { part: 'investment', label: 'Investment opportunities', weight: 5, points: 0, shared: [] },
    { part: 'board', label: 'Board opportunities', weight: 5, points: 5, shared: [] },
  ],
};

function run(overrides: Partial<MatchingRun> = {}): MatchingRun {
  return {
    id: 'r1',
    status: 'done',
    pairs: 1200,
    written: 40,
    suggestionsCreated: 3,
    startedAt: 1_700_000_000_000,
    finishedAt: 1_700_000_060_000,
    error: null,
    ...overrides,
  };
}

/** The matching admin API: candidates filtered by `search`, a preview, and what `extra` adds. */
function matchingApi(extra: FakeApi = {}) {
  return installFakeApi({
    'GET /api/config': () => configAnswer,
    'GET /api/admin/matching/candidates': (_body, url) => {
      const all = url.searchParams.get('kind') === 'expert' ? [grace, alan] : [engines];
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const candidates = all.filter((c) => `${c.name} ${c.companyName ?? ''}`.toLowerCase().includes(search));
      return { body: { candidates } };
    },
    'GET /api/admin/matching/preview': () => ({ body: { explanation } }),
    'GET /api/admin/matching/runs/latest': () => ({ body: { run: null } }),
    // The list of every suggestion below the panels (admin-records).
    'GET /api/admin/suggestions': () => ({ body: { rows: [], total: 0, nextCursor: null } }),
    ...extra,
  });
}

async function pick(pickerName: string, optionName: string) {
  fireEvent.click(screen.getByRole('combobox', { name: pickerName }));
  fireEvent.click(await screen.findByRole('option', { name: optionName }));
}

async function pickPair() {
  await screen.findByRole('heading', { level: 1, name: 'Match suggestions' });
  await pick('Business advisor', 'Grace Hopper — Published');
  await pick('Scaling company', 'Analytical Engines — Ada Lovelace');
}

describe('the admin match suggestions page', () => {
  it('picks a business advisor and a scaling company, shows the score and why, and creates the suggestion', async () => {
    const { calls } = matchingApi({
      'POST /api/admin/suggestions': () => ({
        body: { suggestionId: 's1', created: true, explanation },
      }),
    });
    renderApp('/admin/suggestions', { user: admin });
    await screen.findByRole('heading', { level: 1, name: 'Match suggestions' });
    const create = screen.getByRole('button', { name: 'Create suggestion' });
    expect(create.hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByText('Pick a business advisor and a scaling company to see their score and why.'),
    ).toBeTruthy();

    await pick('Business advisor', 'Grace Hopper — Published');
    expect(create.hasAttribute('disabled')).toBe(true);
    await pick('Scaling company', 'Analytical Engines — Ada Lovelace');

    const preview = screen.getByRole('region', { name: 'Score preview' });
    expect(await within(preview).findByRole('img', { name: 'Match score: 84 out of 100' })).toBeTruthy();
    expect(within(preview).getByText('Strong match')).toBeTruthy();
    expect(within(preview).getByText('Needs covered')).toBeTruthy();
    expect(within(preview).getByText('40 of 40 points')).toBeTruthy();
    expect(within(preview).getByText('Technology')).toBeTruthy();
    const previewCall = calls.find((c) => c.path === '/api/admin/matching/preview');
    expect(previewCall?.query.get('expertId')).toBe('e1');
    expect(previewCall?.query.get('companyId')).toBe('c1');

    expect(create.hasAttribute('disabled')).toBe(false);
    fireEvent.click(create);
    expect(
      await screen.findByText(
        'Suggestion created: Grace Hopper and Analytical Engines will see each other in their recommendations.',
      ),
    ).toBeTruthy();
    expect(
      calls.filter((c) => c.method === 'POST' && c.path === '/api/admin/suggestions').map((c) => c.body),
    ).toEqual([{ expertId: 'e1', companyId: 'c1' }]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the pair already had a suggestion', async () => {
    matchingApi({
      'POST /api/admin/suggestions': () => ({
        body: { suggestionId: 's1', created: false, explanation },
      }),
    });
    renderApp('/admin/suggestions', { user: admin });
    await pickPair();
    fireEvent.click(screen.getByRole('button', { name: 'Create suggestion' }));
    expect(
      await screen.findByText(
        'A suggestion between Grace Hopper and Analytical Engines already existed; nothing was changed.',
      ),
    ).toBeTruthy();
  });

  it('shows the server’s refusal verbatim in a red alert', async () => {
    matchingApi({
      'POST /api/admin/suggestions': () =>
        errorAnswer(400, 'EXPERT_NOT_PUBLISHED', matchingTexts.expertNotPublished),
    });
    renderApp('/admin/suggestions', { user: admin });
    await pickPair();
    fireEvent.click(screen.getByRole('button', { name: 'Create suggestion' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Expert profile must be published or pending to create match suggestions');
    // Picking another pair clears the old answer.
    await pick('Business advisor', 'Alan Turing — Under review');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('shows a refused preview verbatim too', async () => {
    matchingApi({
      'GET /api/admin/matching/preview': () =>
        errorAnswer(404, 'NOT_FOUND', matchingTexts.companyMissing('c1')),
    });
    renderApp('/admin/suggestions', { user: admin });
    await pickPair();
    const preview = screen.getByRole('region', { name: 'Score preview' });
    expect((await within(preview).findByRole('alert')).textContent).toBe(
      'Company with id c1 must exist to create match suggestions',
    );
  });

  it('searches the candidates on the server once the typing pauses', async () => {
    const { calls } = matchingApi();
    renderApp('/admin/suggestions', { user: admin });
    await screen.findByRole('heading', { level: 1, name: 'Match suggestions' });
    const experts = screen.getByRole('combobox', { name: 'Business advisor' });
    fireEvent.click(experts);
    expect(await screen.findByRole('option', { name: 'Alan Turing — Under review' })).toBeTruthy();
    // Typing into the box (Mantine ignores changes to an input that does not have the focus).
    experts.focus();
    for (const text of ['g', 'gr', 'gra']) fireEvent.change(experts, { target: { value: text } });
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/api/admin/matching/candidates' && c.query.get('search') === 'gra'),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(screen.queryByRole('option', { name: 'Alan Turing — Under review' })).toBeNull(),
    );
    expect(screen.getByRole('option', { name: 'Grace Hopper — Published' })).toBeTruthy();
    // Only the pause is searched, not every keystroke.
    const searches = calls.filter(
      (c) => c.path === '/api/admin/matching/candidates' && c.query.get('kind') === 'expert',
    );
    expect(searches.map((c) => c.query.get('search'))).toEqual([null, 'gra']);
  });

  it('starts a full matching run and follows it until it is done', async () => {
    let state: MatchingRun | null = null;
    let polls = 0;
    const { calls } = matchingApi({
      'GET /api/admin/matching/runs/latest': () => {
        if (state?.status === 'running') {
          polls += 1;
          if (polls >= 2) state = run();
        }
        return { body: { run: state } };
      },
      'POST /api/admin/matching/runs': () => {
        state = run({ status: 'running', pairs: 10, written: 0, suggestionsCreated: 0, finishedAt: null });
        return { status: 202, body: { run: state } };
      },
    });
    renderApp('/admin/suggestions', { user: admin });
    const panel = await screen.findByRole('region', { name: 'Full matching run' });
    expect(await within(panel).findByText('No matching run has been started yet.')).toBeTruthy();
    const start = within(panel).getByRole('button', { name: 'Start full matching run' });
    fireEvent.click(start);

    const status = within(panel).getByRole('status');
    await waitFor(() => expect(within(status).getAllByText('Running').length).toBeGreaterThan(0));
    expect(start.hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(within(status).getAllByText('Done').length).toBeGreaterThan(0));
    expect(within(status).getByText('1,200')).toBeTruthy();
    expect(within(status).getByText('40')).toBeTruthy();
    expect(within(status).getByText('3')).toBeTruthy();
    expect(start.hasAttribute('disabled')).toBe(false);
    expect(calls.filter((c) => c.path === '/api/admin/matching/runs')).toHaveLength(1);
  });

  it('shows a failed run’s error', async () => {
    matchingApi({
      'GET /api/admin/matching/runs/latest': () => ({
        body: { run: run({ status: 'failed', error: 'The database went away' }) },
      }),
    });
    renderApp('/admin/suggestions', { user: admin });
    const panel = await screen.findByRole('region', { name: 'Full matching run' });
    expect((await within(panel).findByRole('alert')).textContent).toBe('Error: The database went away');
  });

  it('is not for members', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/suggestions': () => ({ body: { suggestions: [] } }),
    });
    const { router } = renderApp('/admin/suggestions', { user: buildUser() });
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
