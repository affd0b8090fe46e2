import type { OutboxRow, OutboxTopicSummary } from '@intergen/contracts';
import { commonTexts, messages, outboxTexts as t } from '@intergen/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, configAnswer, errorAnswer, installFakeApi, renderApp } from '../../../test/render';
import { setViewportWidth } from '../../../test/viewport';

const admin = buildUser({ id: 'a1', kind: null, isAdmin: true, profile: null, firstName: 'Admin' });

function topic(overrides: Partial<OutboxTopicSummary> = {}): OutboxTopicSummary {
  return {
    topic: 'mail.send',
    due: 0,
    running: 0,
    retrying: 0,
    dead: 0,
    doneLastDay: 0,
    oldestDueAgeMs: null,
    ...overrides,
  };
}

function row(overrides: Partial<OutboxRow> = {}): OutboxRow {
  return {
    id: 7,
    topic: 'crm.event',
    description: 'connection.accepted',
    state: 'dead',
    attempts: 16,
    maxAttempts: 16,
    lastError: 'HubSpot answered 502',
    runAt: 1_700_000_000_000,
    createdAt: 1_700_000_000_000,
    mail: null,
    ...overrides,
  };
}

const summary = () => ({
  body: {
    topics: [
      topic({ topic: 'crm.event', dead: 1, retrying: 2 }),
      topic({ due: 3, doneLastDay: 40, oldestDueAgeMs: 125_000 }),
    ],
  },
});

/** A topic card's value for a label (its terms are `dt`, their values the `dd` after them). */
function countIn(card: HTMLElement, label: string): string | null | undefined {
  return [...card.querySelectorAll('dt')].find((dt) => dt.textContent === label)?.nextElementSibling
    ?.textContent;
}

describe('the admin outbox page', () => {
  it("shows an e-mail row's recipient and subject", async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/outbox/summary': summary,
      'GET /api/admin/outbox/rows': () => ({
        body: {
          rows: [
            row({
              topic: 'mail.send',
              description: 'mail.send',
              mail: { to: 'grace@example.com', subject: 'Your profile is published' },
            }),
          ],
          nextCursor: null,
        },
      }),
    });
    renderApp('/admin/outbox', { user: admin });
    const table = await screen.findByRole('table', { name: t.rowsTitle });
    expect(within(table).getByText(t.mailTo('grace@example.com'))).toBeTruthy();
    expect(within(table).getByText(t.mailSubject('Your profile is published'))).toBeTruthy();
  });

  it('shows a card per topic and the open rows, with the filters in the address', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/outbox/summary': summary,
      'GET /api/admin/outbox/rows': (_b, url) => ({
        body: {
          rows: url.searchParams.get('topic') === 'mail.send' ? [] : [row()],
          nextCursor: null,
        },
      }),
    });
    const { router } = renderApp('/admin/outbox?status=dead', { user: admin });

    const crm = await screen.findByRole('article', { name: 'crm.event' });
    expect(countIn(crm, t.counts.dead)).toBe('1');
    expect(countIn(crm, t.counts.retrying)).toBe('2');
    expect(countIn(crm, t.oldestDue)).toBe(t.oldestDueNone);
    const mail = screen.getByRole('article', { name: 'mail.send' });
    expect(countIn(mail, t.counts.due)).toBe('3');
    expect(countIn(mail, t.counts.doneLastDay)).toBe('40');
    expect(countIn(mail, t.oldestDue)).toBe('2\u00a0min');

    const table = await screen.findByRole('table', { name: t.rowsTitle });
    expect(within(table).getByText('connection.accepted')).toBeTruthy();
    expect(within(table).getByText('HubSpot answered 502')).toBeTruthy();
    expect(within(table).getByText(t.attemptsOf(16, 16))).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/admin/outbox/rows')?.query.get('status')).toBe('dead');
    expect((screen.getByLabelText(t.statusFilter) as HTMLSelectElement).value).toBe('dead');

    fireEvent.change(screen.getByLabelText(t.topicFilter), { target: { value: 'mail.send' } });
    expect(await screen.findByText(t.rowsEmpty)).toBeTruthy();
    expect(router.state.location.search).toBe('?status=dead&topic=mail.send');
    expect(
      calls.some(
        (c) =>
          c.path === '/api/admin/outbox/rows' &&
          c.query.get('topic') === 'mail.send' &&
          c.query.get('status') === 'dead',
      ),
    ).toBe(true);

    // A card's link shows that topic's open rows, whatever their status.
    fireEvent.click(within(crm).getByRole('button', { name: t.showTopic('crm.event') }));
    await waitFor(() => expect(router.state.location.search).toBe('?topic=crm.event'));
    expect(await screen.findByText('connection.accepted')).toBeTruthy();
  });

  it('retries a dead row, which then leaves the list, and moves the focus to the list', async () => {
    let rows = [row()];
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/outbox/summary': summary,
      'GET /api/admin/outbox/rows': () => ({ body: { rows, nextCursor: null } }),
      'POST /api/admin/outbox/rows/7/retry': () => {
        rows = [];
        return { status: 204, body: undefined };
      },
    });
    renderApp('/admin/outbox', { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: t.retryRow(7) }));
    expect(await screen.findByText(t.retried(7))).toBeTruthy();
    expect(await screen.findByText(t.rowsEmpty)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: t.rowsTitle }));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/admin/outbox/rows/7/retry',
    ]);
  });

  it('asks before discarding a dead row, and Cancel keeps it', async () => {
    let rows = [row(), row({ id: 8, state: 'retrying', attempts: 2, lastError: 'timeout' })];
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/outbox/summary': summary,
      'GET /api/admin/outbox/rows': () => ({ body: { rows, nextCursor: null } }),
      'POST /api/admin/outbox/rows/7/discard': () => {
        rows = rows.filter((r) => r.id !== 7);
        return { status: 204, body: undefined };
      },
    });
    renderApp('/admin/outbox', { user: admin });
    await screen.findByRole('button', { name: t.retryRow(8) });
    // A row waiting for its next try can be retried, not discarded.
    expect(screen.queryByRole('button', { name: t.discardRow(8) })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: t.discardRow(7) }));
    let dialog = await screen.findByRole('dialog', { name: t.discardTitle });
    expect(within(dialog).getByText(t.discardBody('connection.accepted'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: commonTexts.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: t.discardRow(7) }));
    dialog = await screen.findByRole('dialog', { name: t.discardTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: t.discard }));
    expect(await screen.findByText(t.discarded(7))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: t.discardRow(7) })).toBeNull());
    expect(screen.getByRole('button', { name: t.retryRow(8) })).toBeTruthy();
  });

  it('shows the server’s refusal of an action', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/outbox/summary': summary,
      'GET /api/admin/outbox/rows': () => ({ body: { rows: [row()], nextCursor: null } }),
      'POST /api/admin/outbox/rows/7/retry': () => errorAnswer(400, 'INVALID_STATE', t.notRetryable),
    });
    renderApp('/admin/outbox', { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: t.retryRow(7) }));
    expect((await screen.findByRole('alert')).textContent).toContain(t.notRetryable);
  });

  it('loads the next page with the cursor of the last', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/outbox/summary': summary,
      'GET /api/admin/outbox/rows': (_b, url) =>
        url.searchParams.get('cursor') === '7'
          ? {
              body: {
                rows: [row({ id: 3, description: 'mail.send', topic: 'mail.send' })],
                nextCursor: null,
              },
            }
          : { body: { rows: [row()], nextCursor: '7' } },
    });
    renderApp('/admin/outbox?order=oldest', { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: t.loadMore }));
    expect(await screen.findByRole('button', { name: t.retryRow(3) })).toBeTruthy();
    expect(screen.getByRole('button', { name: t.retryRow(7) })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: t.loadMore })).toBeNull());
    const pages = calls.filter((c) => c.path === '/api/admin/outbox/rows');
    expect(pages.every((c) => c.query.get('order') === 'oldest')).toBe(true);
    expect(pages.some((c) => c.query.get('cursor') === '7')).toBe(true);
    expect(screen.getByRole('columnheader', { name: t.row }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('says when the rows could not be read, and tries again', async () => {
    let fail = true;
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/outbox/summary': summary,
      'GET /api/admin/outbox/rows': () =>
        fail
          ? {
              status: 500,
              body: { error: { code: 'INTERNAL', message: messages.somethingWentWrong } },
            }
          : { body: { rows: [row()], nextCursor: null } },
    });
    renderApp('/admin/outbox', { user: admin });
    const tryAgain = await screen.findByRole('button', { name: commonTexts.tryAgain }, { timeout: 20_000 });
    fail = false;
    fireEvent.click(tryAgain);
    expect(await screen.findByRole('button', { name: t.retryRow(7) })).toBeTruthy();
  });

  it('at 390 px shows one card per row instead of the table', async () => {
    setViewportWidth(390);
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/outbox/summary': summary,
      'GET /api/admin/outbox/rows': () => ({ body: { rows: [row()], nextCursor: null } }),
    });
    renderApp('/admin/outbox', { user: admin });
    const card = await screen.findByRole('article', { name: t.rowLabel(7, 'connection.accepted') });
    expect(within(card).getByRole('button', { name: t.retryRow(7) })).toBeTruthy();
    expect(within(card).getByText('HubSpot answered 502')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is linked from the admin navigation', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/outbox/summary': summary,
      'GET /api/admin/outbox/rows': () => ({ body: { rows: [], nextCursor: null } }),
    });
    renderApp('/admin/outbox', { user: admin });
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: t.navLabel }).getAttribute('aria-current')).toBe('page');
  });
});
