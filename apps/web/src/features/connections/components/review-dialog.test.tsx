import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildBuckets, buildCard, buildConnection, dashboardApi } from '../../../test/fixtures';
import { buildUser, renderApp } from '../../../test/render';
import { canFinishReview } from './review-dialog';

const expert = buildUser();
const company = buildUser({ id: 'c9', kind: 'company', email: 'charles@engines.example' });
const formUrl = 'https://forms.example/intergen-expert';

async function openReview() {
  const prompt = await screen.findByRole('region', { name: 'Did you meet with your new connections?' });
  fireEvent.click(within(prompt).getAllByRole('button', { name: 'Rate experience' })[0]!);
  return screen.findByRole('dialog', { name: /^Review / });
}

/** Picks `stars` on the dialog's Rating with the keyboard (Enter on the star). */
function rate(dialog: HTMLElement, stars: number) {
  const rating = within(dialog).getByRole('group', { name: 'Rating' });
  fireEvent.keyDown(within(rating).getByRole('radio', { name: `${stars} out of 5` }), { key: 'Enter' });
}

describe('the review rule', () => {
  it('needs a rating above 0, and the survey ticked when the form is shown', () => {
    expect(canFinishReview(0, false, false)).toBe(false);
    expect(canFinishReview(3, false, false)).toBe(true);
    expect(canFinishReview(3, true, false)).toBe(false);
    expect(canFinishReview(0, true, true)).toBe(false);
    expect(canFinishReview(5, true, true)).toBe(true);
  });
});

describe('the review dialog', () => {
  it('with the hosted form: Done needs the survey box and a rating, and copy buttons name the venture', async () => {
    const { calls, current } = dashboardApi(
      { buckets: buildBuckets({ unrated: [buildConnection()], surveyFormUrl: formUrl }) },
      {
        'POST /api/connections/s1/survey': () => {
          current.buckets = buildBuckets({
            rated: [buildConnection({ ventureRating: 4, expertCompletedSurvey: true })],
            surveyFormUrl: formUrl,
          });
          return { body: { request: buildConnection({ ventureRating: 4 }) } };
        },
      },
    );
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderApp('/dashboard', { user: expert });
    const dialog = await openReview();
    expect(within(dialog).getByTitle('Connection survey').getAttribute('src')).toBe(formUrl);

    // Copy buttons: the member's e-mail and the venture's name, each confirming the copy.
    expect(within(dialog).getByText('Your E-mail')).toBeTruthy();
    expect(within(dialog).getByText('Venture Name')).toBeTruthy();
    expect(within(dialog).queryByText('IBA Name')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy Venture Name' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('Analytical Engines'));
    expect(await within(dialog).findByRole('button', { name: 'Copied: Venture Name' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy Your E-mail' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('ada@example.com'));

    const done = within(dialog).getByRole('button', { name: 'Done' });
    expect(done).toHaveProperty('disabled', true);
    rate(dialog, 4);
    expect(done).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I have submitted the survey above' }));
    expect(done).toHaveProperty('disabled', false);
    fireEvent.click(done);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.path === '/api/connections/s1/survey').map((c) => c.body)).toEqual([
      { rating: 4 },
    ]);
    expect(calls.filter((c) => c.path === '/api/connections/s1/close')).toHaveLength(0);
    // Everything reviewed: the prompt goes, and the connection shows the rating given.
    expect(await screen.findByText('All reviews complete')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Did you meet with your new connections?' })).toBeNull();
    expect(screen.getByRole('img', { name: 'You rated 4 out of 5' })).toBeTruthy();
  });

  it('without a form: a comment box instead of the form and its box, and IBA Name for an advisor', async () => {
    const advisor = buildCard({ id: 'e1', kind: 'expert', name: 'Grace Hopper', companyName: null });
    const { calls } = dashboardApi(
      { buckets: buildBuckets({ unrated: [buildConnection({ counterpart: advisor })] }) },
      {
        'POST /api/connections/s1/survey': () => ({
          body: { request: buildConnection({ expertRating: 5 }) },
        }),
      },
    );
    renderApp('/dashboard', { user: company });
    const dialog = await openReview();
    expect(within(dialog).queryByTitle('Connection survey')).toBeNull();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(within(dialog).getByText('IBA Name')).toBeTruthy();
    expect(within(dialog).getByText('Grace Hopper')).toBeTruthy();
    const done = within(dialog).getByRole('button', { name: 'Done' });
    expect(done).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Comment (optional)' }), {
      target: { value: '  Very helpful.  ' },
    });
    rate(dialog, 5);
    expect(done).toHaveProperty('disabled', false);
    fireEvent.click(done);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/connections/s1/survey').map((c) => c.body)).toEqual([
        { rating: 5, comment: 'Very helpful.' },
      ]),
    );
  });

  it('putting it away (its X, Escape, a click outside) closes nothing: the member is asked again', async () => {
    const { calls } = dashboardApi({ buckets: buildBuckets({ unrated: [buildConnection()] }) });
    renderApp('/dashboard', { user: expert });
    const away: Array<(dialog: HTMLElement) => void> = [
      (dialog) => fireEvent.click(within(dialog).getByRole('button', { name: 'Close' })),
      (dialog) => fireEvent.keyDown(dialog, { key: 'Escape' }),
      () => {
        const overlay = document.querySelector('.mantine-Modal-overlay');
        if (!overlay) throw new Error('no overlay');
        fireEvent.mouseDown(overlay);
        fireEvent.click(overlay);
      },
    ];
    for (const putAway of away) {
      const dialog = await openReview();
      putAway(dialog);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByRole('region', { name: 'Did you meet with your new connections?' })).toBeTruthy();
    }
    expect(calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/connections/'))).toEqual([]);
  }, 20_000);

  it('Close without rating closes the connection as not rated, for the member', async () => {
    const { calls, current } = dashboardApi(
      { buckets: buildBuckets({ unrated: [buildConnection()] }) },
      {
        'POST /api/connections/s1/close': () => {
          const closed = buildConnection({ closed: true, reviewClosed: true });
          current.buckets = buildBuckets({ rated: [closed] });
          return { body: { request: closed } };
        },
      },
    );
    renderApp('/dashboard', { user: expert });
    const dialog = await openReview();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close without rating' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.path === '/api/connections/s1/close')).toHaveLength(1);
    expect(calls.filter((c) => c.path === '/api/connections/s1/survey')).toHaveLength(0);
    // No longer asked for; it can still be reviewed from its card.
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Did you meet with your new connections?' })).toBeNull(),
    );
    const list = screen.getByRole('list', { name: 'Your Connections' });
    expect(within(list).getByRole('button', { name: 'Leave a Review' })).toBeTruthy();
  });

  it('the prompt offers Rate experience and Complete for each connection waiting for a review', async () => {
    const longName = 'Bartholomew Alexander Montgomery-Smythe';
    const grace = buildConnection({
      id: 's2',
      counterpart: buildCard({ id: 'c2', name: longName, companyName: 'Difference Engines' }),
    });
    const { calls, current } = dashboardApi(
      { buckets: buildBuckets({ unrated: [buildConnection(), grace] }) },
      {
        'POST /api/connections/s2/close': () => {
          const closed = { ...grace, closed: true, reviewClosed: true };
          current.buckets = buildBuckets({ unrated: [buildConnection()], rated: [closed] });
          return { body: { request: closed } };
        },
      },
    );
    renderApp('/dashboard', { user: expert });
    const prompt = await screen.findByRole('region', { name: 'Did you meet with your new connections?' });
    const rows = within(prompt).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const second = rows[1]!;
    expect(within(second).getByText(longName)).toBeTruthy();
    // Each button says whose connection it acts on.
    const complete = within(second).getByRole('button', { name: 'Complete' });
    expect(complete.getAttribute('aria-describedby')).toBe(
      within(second).getByText(longName).closest('[id]')?.id,
    );

    fireEvent.click(within(second).getByRole('button', { name: 'Rate experience' }));
    const dialog = await screen.findByRole('dialog', { name: `Review ${longName}` });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(complete);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/connections/s2/close')).toHaveLength(1));
    await waitFor(() => expect(within(prompt).getAllByRole('listitem')).toHaveLength(1));
    expect(within(prompt).queryByText(longName)).toBeNull();
    expect(calls.filter((c) => c.path === '/api/connections/s1/close')).toHaveLength(0);
  }, 20_000);

  it('lists the first five connections waiting for a review, and the rest behind Show all', async () => {
    const waiting = Array.from({ length: 7 }, (_, n) =>
      buildConnection({
        id: `s${n + 1}`,
        counterpart: buildCard({ id: `c${n + 1}`, name: `Member ${n + 1}` }),
      }),
    );
    dashboardApi({ buckets: buildBuckets({ unrated: waiting }) });
    renderApp('/dashboard', { user: expert });
    const prompt = await screen.findByRole('region', { name: 'Did you meet with your new connections?' });
    expect(within(prompt).getAllByRole('listitem')).toHaveLength(5);
    expect(within(prompt).queryByText('Member 6')).toBeNull();

    const showAll = within(prompt).getByRole('button', { name: 'Show all 7' });
    expect(showAll.getAttribute('aria-expanded')).toBe('false');
    expect(showAll.getAttribute('aria-controls')).toBe(within(prompt).getByRole('list').id);
    fireEvent.click(showAll);
    await waitFor(() => expect(within(prompt).getAllByRole('listitem')).toHaveLength(7));
    expect(within(prompt).getByText('Member 7')).toBeTruthy();

    const fewer = within(prompt).getByRole('button', { name: 'Show fewer' });
    expect(fewer.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(fewer);
    await waitFor(() => expect(within(prompt).getAllByRole('listitem')).toHaveLength(5));
  }, 20_000);

  it('says You have no connections before the first one', async () => {
    dashboardApi({ buckets: buildBuckets() });
    renderApp('/dashboard', { user: expert });
    expect(await screen.findByText('You have no connections')).toBeTruthy();
    expect(screen.queryByText('All reviews complete')).toBeNull();
  });

  it('offers meeting invites for a connection, and Invalid Email without the other address', async () => {
    dashboardApi({
      buckets: buildBuckets({
        unrated: [
          buildConnection(),
          buildConnection({ id: 's2', contact: null, counterpart: buildCard({ id: 'c2', name: 'No Mail' }) }),
        ],
      }),
    });
    renderApp('/dashboard', { user: expert });
    const list = await screen.findByRole('list', { name: 'Your Connections' });
    const ada = within(list).getByRole('article', { name: 'Ada Lovelace' });
    const google = within(ada).getByRole('link', { name: 'Google Calendar' }).getAttribute('href') ?? '';
    expect(google.startsWith('https://calendar.google.com/')).toBe(true);
    expect(new URL(google).searchParams.get('add')).toBe('ada@example.com,ada@engines.example');
    expect(within(ada).getByRole('link', { name: 'Outlook' }).getAttribute('href')).toMatch(
      /^https:\/\/outlook\./,
    );
    expect(within(ada).getByRole('link', { name: 'Download invite (.ics)' }).getAttribute('href')).toBe(
      '/api/connections/s1/invite.ics',
    );
    const noMail = within(list).getByRole('article', { name: 'No Mail' });
    expect(within(noMail).getByText('Invalid Email')).toBeTruthy();
    expect(within(noMail).queryByRole('link', { name: 'Google Calendar' })).toBeNull();
  });
});
