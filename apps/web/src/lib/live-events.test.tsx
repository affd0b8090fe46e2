import { memberLiveTopics, type SessionUser } from '@intergen/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../test/render';
import { changedTopics, liveTopicQueryKeys, useLiveEvents } from './live-events';
import { createQueryClient } from './query-client';
import { queryKeys } from './query-keys';

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  readyState = 0;
  closed = false;
  private listeners = new Map<string, ((event: Event) => void)[]>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data?: string) {
    const event = data === undefined ? new Event(type) : new MessageEvent(type, { data });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  open() {
    this.readyState = 1;
    this.emit('open');
  }
  /** The connection dropped: the browser will reconnect (CONNECTING) or has given up (CLOSED). */
  fail(gaveUp: boolean) {
    this.readyState = gaveUp ? 2 : 0;
    this.emit('error');
  }
}

function Live() {
  useLiveEvents();
  return null;
}

/** Renders the hook for `user`, with a cache holding one query per key the topics refresh. */
function renderLive(user: SessionUser | null) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.session, { user });
  for (const key of [['suggestions'], ['connections'], ['notifications'], ['profiles', 'view', 'x']]) {
    queryClient.setQueryData(key, { cached: true });
  }
  const invalidated: string[] = [];
  queryClient.invalidateQueries = ((filters?: { queryKey?: readonly unknown[] }) => {
    invalidated.push(JSON.stringify(filters?.queryKey));
    return Promise.resolve();
  }) as typeof queryClient.invalidateQueries;
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Live />
    </QueryClientProvider>,
  );
  return { ...view, queryClient, invalidated };
}

const source = () => FakeEventSource.instances.at(-1)!;

describe('live events', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens one stream for a signed-in person, and none while signed out', () => {
    renderLive(null);
    expect(FakeEventSource.instances).toHaveLength(0);
    renderLive(buildUser());
    expect(FakeEventSource.instances.map((s) => s.url)).toEqual(['/api/events']);
  });

  it('refetches the queries of each changed topic', () => {
    const { invalidated } = renderLive(buildUser());
    source().open();
    expect(invalidated).toEqual([]);
    source().emit('change', JSON.stringify({ topics: ['suggestions', 'notifications'] }));
    expect(invalidated).toEqual(['["suggestions"]', '["notifications"]']);
    invalidated.length = 0;
    source().emit('change', JSON.stringify({ topics: ['profile'] }));
    expect(invalidated).toEqual(['["profiles"]', '["session"]']);
    invalidated.length = 0;
    // An accepted request shows the contact details on the counterpart's profile page without a reload.
    source().emit('change', JSON.stringify({ topics: ['connections'] }));
    expect(invalidated).toEqual(['["connections"]', '["profiles","view"]']);
  });

  it('reads a member’s admin page again when a suggestion or request changes', () => {
    const { invalidated } = renderLive(buildUser({ isAdmin: true }));
    source().open();
    source().emit('change', JSON.stringify({ topics: ['adminRequests'] }));
    expect(invalidated).toEqual(['["admin","records","requests"]', '["admin","profiles","list","activity"]']);
    invalidated.length = 0;
    source().emit('change', JSON.stringify({ topics: ['adminSuggestions'] }));
    expect(invalidated).toEqual([
      '["admin","records","suggestions"]',
      '["admin","profiles","list","activity"]',
    ]);
  });

  it('ignores a malformed change', () => {
    const { invalidated } = renderLive(buildUser());
    source().open();
    source().emit('change', 'not json');
    source().emit('change', JSON.stringify({ topics: ['weather'] }));
    expect(invalidated).toEqual([]);
  });

  it('refetches everything after the browser reconnected, since changes may have been missed', () => {
    const { invalidated } = renderLive(buildUser());
    source().open();
    source().fail(false);
    expect(invalidated).toEqual([]);
    source().open();
    expect(invalidated).toEqual([
      '["suggestions"]',
      '["connections"]',
      '["profiles","view"]',
      '["notifications"]',
      '["profiles"]',
      '["session"]',
      '["network"]',
      '["profiles","view"]',
    ]);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('refetches the admin views too after an admin’s browser reconnected', () => {
    const { invalidated } = renderLive(buildUser({ isAdmin: true, kind: null, profile: null }));
    source().open();
    source().fail(false);
    source().open();
    expect(invalidated).toEqual(
      expect.arrayContaining(['["admin","records","requests"]', '["admin","records","scores"]']),
    );
  });

  it('re-reads the session and tries again later when the browser gave up on the stream', () => {
    vi.useFakeTimers();
    const { invalidated } = renderLive(buildUser());
    const first = source();
    first.open();
    first.fail(true);
    expect(first.closed).toBe(true);
    expect(invalidated).toEqual(['["session"]']);
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(FakeEventSource.instances).toHaveLength(2);
    invalidated.length = 0;
    source().open();
    // A member's topics (admins' topics only ever reach admins).
    expect(invalidated).toHaveLength(memberLiveTopics.flatMap((topic) => liveTopicQueryKeys[topic]).length);
  });

  it('closes the stream on sign-out and on unmount', async () => {
    const { queryClient, unmount } = renderLive(buildUser());
    const first = source();
    act(() => {
      queryClient.setQueryData(queryKeys.session, { user: null });
    });
    await waitFor(() => expect(first.closed).toBe(true));
    act(() => {
      queryClient.setQueryData(queryKeys.session, { user: buildUser({ id: 'u2' }) });
    });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    expect(source().closed).toBe(false);
    unmount();
    expect(source().closed).toBe(true);
  });
});

describe('changedTopics', () => {
  it('keeps the topics this app knows, in order, and drops the rest', () => {
    expect(changedTopics({ topics: ['profile', 'weather', 3, 'adminScores'] })).toEqual([
      'profile',
      'adminScores',
    ]);
  });

  it('reads nothing from data that is not a change', () => {
    for (const data of [null, 'suggestions', ['suggestions'], {}, { topics: 'suggestions' }])
      expect(changedTopics(data)).toEqual([]);
  });
});
