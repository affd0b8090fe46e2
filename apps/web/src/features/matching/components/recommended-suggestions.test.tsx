import type { Suggestion } from '@intergen/contracts';
import { suggestionTexts } from '@intergen/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCard, buildExplanation, buildSuggestion } from '../../../test/fixtures';
import { buildUser, configAnswer, errorAnswer, installFakeApi, renderApp } from '../../../test/render';

const expert = buildUser();
const company = buildUser({ id: 'c9', kind: 'company', firstName: 'Charles', name: 'Charles Babbage' });

const newest = buildSuggestion({
  id: 's2',
  companyId: 'c2',
  counterpart: buildCard({
    id: 'c2',
    name: 'Mary Somerville',
    companyName: 'Orbits Inc',
    isVerified: false,
    rating: { stars: 4.5, count: 7 },
  }),
  explanation: buildExplanation({ score: 86 }),
});
const older = buildSuggestion();

/** GET /api/suggestions answers the list as it stands; dismissals the server accepts leave it. */
function suggestionsApi(list: Suggestion[], dismiss: (body: unknown) => { status?: number; body: unknown }) {
  let current = [...list];
  return installFakeApi({
    'GET /api/config': () => configAnswer,
    'GET /api/suggestions': () => ({ body: { suggestions: current } }),
    'GET /api/connections': () => ({
      body: { received: [], sent: [], unrated: [], rated: [], surveyFormUrl: null },
    }),
    'POST /api/suggestions/dismiss': (body) => {
      const answer = dismiss(body);
      if ((answer.status ?? 200) < 400) {
        const { suggestionId } = body as { suggestionId: string };
        current = current.filter((s) => s.id !== suggestionId);
      }
      return answer;
    },
  });
}

function card(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

describe('the dashboard’s recommended connections', () => {
  it('lists an expert’s recommended ventures as cards, newest first, with score, rating and chips', async () => {
    suggestionsApi([newest, older], () => ({ body: { changed: true } }));
    renderApp('/dashboard', { user: expert });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Recommended Ventures' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Mary Somerville',
      'Ada Lovelace',
    ]);
    const mary = card('Mary Somerville');
    expect(within(mary).getByText('Orbits Inc')).toBeTruthy();
    expect(within(mary).getByRole('img', { name: 'Match score: 86 out of 100' })).toBeTruthy();
    expect(within(mary).getByText('Strong match')).toBeTruthy();
    expect(within(mary).getByRole('img', { name: 'Rated 4.5 out of 5 from 7 reviews' })).toBeTruthy();
    expect(
      within(within(mary).getByRole('list', { name: 'Industries' })).getByText('Technology'),
    ).toBeTruthy();
    expect(within(within(mary).getByRole('list', { name: 'Needs' })).getByText('Legal')).toBeTruthy();
    const ada = card('Ada Lovelace');
    expect(within(ada).queryByText('Strong match')).toBeNull();
    expect(within(ada).queryByRole('img', { name: /^Rated/ })).toBeNull();
    expect(within(ada).getByText('Numbers, woven.')).toBeTruthy();
  });

  it('shows a company its recommended advisors, with the verified mark and a default avatar', async () => {
    const advisor = buildSuggestion({
      counterpart: buildCard({
        id: 'e7',
        kind: 'expert',
        name: 'Grace Hopper',
        companyName: null,
        headline: 'Compilers and teams.',
        profileImage: null,
        isVerified: true,
        areas: ['productDevelopment'],
      }),
    });
    suggestionsApi([advisor], () => ({ body: { changed: true } }));
    renderApp('/dashboard', { user: company });
    const list = await screen.findByRole('list', { name: 'Recommended Advisors' });
    const grace = within(list).getByRole('article', { name: 'Grace Hopper' });
    expect(within(grace).getByText('Verified')).toBeTruthy();
    expect(within(within(grace).getByRole('list', { name: 'Expertise' })).getByText('Product Development'));
    const avatar = grace.querySelector('img');
    expect(avatar?.getAttribute('src')).toMatch(/^\/avatars\/expert-[1-4]\.svg$/);
  });

  it('shows names over 33 characters as their first 30 and an ellipsis, named in full to screen readers and dialogs', async () => {
    const long = 'Bartholomew Montgomery-Fitzwilliam III'; // 38 characters
    const exact = 'Alexandria Ocasio Fitzgerald-Lees'; // 33 characters: kept whole
    expect(exact).toHaveLength(33);
    suggestionsApi(
      [
        buildSuggestion({ id: 'a', counterpart: buildCard({ id: 'a', name: long }) }),
        buildSuggestion({ id: 'b', counterpart: buildCard({ id: 'b', name: exact }) }),
      ],
      () => ({ body: { changed: true } }),
    );
    renderApp('/dashboard', { user: expert });
    await screen.findByRole('list', { name: 'Recommended Ventures' });
    const shortened = `${long.slice(0, 30)}...`;
    const heading = screen.getByRole('heading', { level: 3, name: long });
    expect(heading.getAttribute('title')).toBe(long);
    expect(heading.querySelector('[aria-hidden="true"]')?.textContent).toBe(shortened);
    expect(screen.getByRole('article', { name: long })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: exact }).getAttribute('title')).toBeNull();
    expect(screen.getByRole('heading', { level: 3, name: exact }).textContent).toBe(exact);

    // The clear confirmation names the member in full.
    fireEvent.click(
      within(screen.getByRole('article', { name: long })).getByRole('button', {
        name: 'Clear from dashboard',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Clear from dashboard?' });
    expect(within(dialog).getByText(suggestionTexts.clearBody(long))).toBeTruthy();
  });

  it('says that’s all for now when there is nothing to recommend', async () => {
    suggestionsApi([], () => ({ body: { changed: true } }));
    renderApp('/dashboard', { user: expert });
    expect(await screen.findByText("That's all for now")).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Recommended Ventures' })).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('opens why this match on a card, and View Profile opens the profile over the dashboard', async () => {
    const { calls } = suggestionsApi([older], () => ({ body: { changed: true } }));
    const { router } = renderApp('/dashboard', { user: expert });
    await screen.findByRole('list', { name: 'Recommended Ventures' });
    const ada = card('Ada Lovelace');
    const why = within(ada).getByRole('button', { name: 'Why this match' });
    expect(why.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(why);
    expect(why.getAttribute('aria-expanded')).toBe('true');
    const region = within(ada).getByRole('region', { name: 'Why this match: Ada Lovelace' });
    // The parts load when first opened (match-parts.tsx).
    expect(await within(region).findByText('Industry experience')).toBeTruthy();
    expect(within(region).getByText('25 of 25 points')).toBeTruthy();
    expect(within(region).getByText('Technology')).toBeTruthy();

    const view = within(ada).getByRole('link', { name: 'View Profile' });
    expect(view.getAttribute('href')).toBe('/dashboard/c1');
    fireEvent.click(view);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/c1'));
    // Tracked, fire and forget: the fake API refuses it (404) and nothing on screen minds.
    expect(calls.filter((c) => c.path === '/api/tracking').map((c) => c.body)).toEqual([
      { type: 'VIEW_PROFILE_FROM_CARD', targetId: 'c1' },
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clears a suggestion only after the confirmation, and the card leaves at once', async () => {
    const { calls } = suggestionsApi([newest, older], () => ({ body: { changed: true } }));
    renderApp('/dashboard', { user: expert });
    await screen.findByRole('list', { name: 'Recommended Ventures' });

    // Cancel keeps it.
    fireEvent.click(within(card('Ada Lovelace')).getByRole('button', { name: 'Clear from dashboard' }));
    let dialog = await screen.findByRole('dialog', { name: 'Clear from dashboard?' });
    expect(
      within(dialog).getByText('Ada Lovelace will no longer appear in your recommended connections.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.path === '/api/suggestions/dismiss')).toHaveLength(0);

    // Remove clears it.
    fireEvent.click(within(card('Ada Lovelace')).getByRole('button', { name: 'Clear from dashboard' }));
    dialog = await screen.findByRole('dialog', { name: 'Clear from dashboard?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ada Lovelace' })).toBeNull());
    expect(card('Mary Somerville')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/suggestions/dismiss').map((c) => c.body)).toEqual([
      { suggestionId: 's1' },
    ]);
    expect(calls.filter((c) => c.path === '/api/tracking').map((c) => c.body)).toEqual([
      { type: 'DISMISS_CARD', targetId: 'c1', tab: 'dashboard' },
    ]);
    // Read again once settled: still gone.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/suggestions').length).toBeGreaterThanOrEqual(2),
    );
    expect(screen.queryByRole('article', { name: 'Ada Lovelace' })).toBeNull();
  });

  it('puts the card back in its place and says why when the server refuses', async () => {
    let release: () => void = () => {};
    const refused = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { calls, fetchMock } = suggestionsApi([newest, older], () =>
      errorAnswer(404, 'NOT_FOUND', 'Match suggestion not found'),
    );
    // Hold the dismissal's answer until the card has left, to see the optimistic removal.
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/dismiss')) await refused;
      return answer(input, init);
    });
    renderApp('/dashboard', { user: expert });
    await screen.findByRole('list', { name: 'Recommended Ventures' });

    fireEvent.click(within(card('Mary Somerville')).getByRole('button', { name: 'Clear from dashboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear from dashboard?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Mary Somerville' })).toBeNull());

    release();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Mary Somerville could not be cleared: Match suggestion not found',
    );
    const list = screen.getByRole('list', { name: 'Recommended Ventures' });
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(2));
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Mary Somerville', 'Ada Lovelace']);
    expect(calls.filter((c) => c.path === '/api/suggestions/dismiss')).toHaveLength(1);
  });
});
