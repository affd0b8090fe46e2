import { adminMailboxTexts as t } from '@intergen/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, configAnswer, installFakeApi, renderApp } from '../../../test/render';
import { splitLinks } from '../components/linkified-text';

const admin = buildUser({ kind: null, isAdmin: true, profile: null, firstName: 'Admin' });

function mail(n: number) {
  return {
    id: `m${n}`,
    to: `person${n}@example.com`,
    subject: `Subject ${n}`,
    createdAt: 1_700_000_000_000 - n,
  };
}

describe('the admin mailbox', () => {
  it('searches by recipient or subject once typing pauses, kept in the address', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/mailbox': (_body, url) => ({
        body: { messages: url.searchParams.get('q') ? [] : [mail(1)], hasMore: false },
      }),
    });
    const { router } = renderApp('/admin/mailbox', { user: admin });
    await screen.findByRole('table');
    fireEvent.change(screen.getByRole('searchbox', { name: t.search }), { target: { value: 'nobody@x' } });
    expect(await screen.findByText(t.emptyForSearch)).toBeTruthy();
    expect(router.state.location.search).toBe('?q=nobody%40x');
    expect(calls.some((c) => c.query.get('q') === 'nobody@x')).toBe(true);
  });

  it('lists the newest mail first and loads older pages on demand', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/mailbox': (_body, url) =>
        url.searchParams.has('before')
          ? { body: { messages: [mail(3)], hasMore: false } }
          : { body: { messages: [mail(1), mail(2)], hasMore: true } },
    });

    renderApp('/admin/mailbox', { user: admin });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('person3@example.com')).toBeTruthy();
    const pages = calls.filter((c) => c.path === '/api/admin/mailbox');
    expect(pages.map((c) => c.query.get('before'))).toEqual([null, mail(2).id]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when there is no mail', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/mailbox': () => ({ body: { messages: [], hasMore: false } }),
    });
    renderApp('/admin/mailbox', { user: admin });
    expect(await screen.findByText('No e-mails yet')).toBeTruthy();
  });

  it('opens a message with its links clickable', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/mailbox': () => ({ body: { messages: [mail(1)], hasMore: false } }),
      'GET /api/admin/mailbox/m1': () => ({
        body: { ...mail(1), text: 'Sign in here: http://localhost:3000/login-options?token=abc.\nThanks' },
      }),
    });
    renderApp('/admin/mailbox', { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Subject 1' }));
    const link = await screen.findByRole('link', { name: 'http://localhost:3000/login-options?token=abc' });
    expect(link.getAttribute('href')).toBe('http://localhost:3000/login-options?token=abc');
  });

  it('is not for members: they go where the unknown-path rule sends them', async () => {
    installFakeApi({ 'GET /api/config': () => configAnswer });
    const { router } = renderApp('/admin/mailbox', { user: buildUser() });
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('splits text into text and links, leaving trailing punctuation out', () => {
    expect(splitLinks('Go to https://a.example/x?y=1. Done')).toEqual([
      { kind: 'text', value: 'Go to ' },
      { kind: 'link', value: 'https://a.example/x?y=1' },
      { kind: 'text', value: '. Done' },
    ]);
  });
});
