import { describe, expect, it } from 'vitest';
import { createKeptLists } from '../src/lib/kept-lists.ts';

/** The kept lists alone (lib/kept-lists.ts): what drops an answer, what refuses one, and the bounds. */
describe('kept lists', () => {
  it('answers what was kept for the member and the address, and nothing for another', () => {
    const lists = createKeptLists<string>();
    expect(lists.keep(lists.begin(), 'a', '/api/suggestions', '{"s":1}', ['x'])).toBe(true);
    expect(lists.get('a', '/api/suggestions')).toBe('{"s":1}');
    expect(lists.get('a', '/api/connections')).toBeNull();
    expect(lists.get('b', '/api/suggestions')).toBeNull();
  });

  it('drops every answer made of a dropped member’s rows, the member’s own and those that read them', () => {
    const lists = createKeptLists<string>();
    lists.keep(lists.begin(), 'a', '/1', 'a1', ['x', 'y']);
    lists.keep(lists.begin(), 'b', '/1', 'b1', ['y']);
    lists.keep(lists.begin(), 'c', '/1', 'c1', ['a']);
    lists.drop(['x']);
    expect(lists.get('a', '/1')).toBeNull();
    expect(lists.get('b', '/1')).toBe('b1');
    lists.drop(['a']);
    expect(lists.get('c', '/1')).toBeNull();
    lists.drop(['b']);
    expect(lists.get('b', '/1')).toBeNull();
    expect(lists.size).toBe(0);
    expect(lists.bytes).toBe(0);
  });

  it('refuses an answer whose making began before one of its members was dropped, or everything was', () => {
    const lists = createKeptLists<string>();
    const started = lists.begin();
    lists.drop(['y']);
    expect(lists.keep(started, 'a', '/1', 'stale', ['x', 'y'])).toBe(false);
    expect(lists.keep(started, 'y', '/1', 'stale', [])).toBe(false);
    // Another member's change does not refuse it.
    expect(lists.keep(started, 'a', '/1', 'fresh', ['x'])).toBe(true);
    const before = lists.begin();
    lists.clear();
    expect(lists.keep(before, 'a', '/1', 'stale', [])).toBe(false);
    expect(lists.keep(lists.begin(), 'a', '/1', 'fresh', [])).toBe(true);
  });

  it('forgets the oldest first past its count or its size, and refuses an answer over a tenth of the size', () => {
    const lists = createKeptLists<string>({ maxEntries: 2, maxSize: 100 });
    lists.keep(lists.begin(), 'a', '/1', 'a'.repeat(5), []);
    lists.keep(lists.begin(), 'b', '/1', 'b'.repeat(5), []);
    lists.keep(lists.begin(), 'c', '/1', 'c'.repeat(5), []);
    expect([lists.get('a', '/1'), lists.get('b', '/1') !== null, lists.get('c', '/1') !== null]).toEqual([
      null,
      true,
      true,
    ]);
    expect(lists.keep(lists.begin(), 'd', '/1', 'd'.repeat(11), [])).toBe(false);
    const sized = createKeptLists<string>({ maxSize: 100 });
    for (const id of ['a', 'b', 'c', 'd', 'e']) sized.keep(sized.begin(), id, '/1', id.repeat(10), []);
    sized.keep(sized.begin(), 'f', '/1', 'f'.repeat(10), []);
    expect(sized.bytes).toBeLessThanOrEqual(100);
    expect(sized.get('f', '/1')).toBe('f'.repeat(10));
    // Replacing an answer counts it once.
    sized.keep(sized.begin(), 'f', '/1', 'g'.repeat(10), []);
    expect(sized.bytes).toBe(60);
  });

  it('answers nothing older than its bound', () => {
    let now = 1_000;
    const lists = createKeptLists<string>({ maxAgeMs: 50, now: () => now });
    lists.keep(lists.begin(), 'a', '/1', 'a1', []);
    now += 50;
    expect(lists.get('a', '/1')).toBe('a1');
    now += 1;
    expect(lists.get('a', '/1')).toBeNull();
    expect(lists.size).toBe(0);
  });

  it('drops after a change to a table only the answers read from it, and clears a table’s answers alone', () => {
    const lists = createKeptLists<string>();
    lists.keep(lists.begin(), 'a', '/suggestions', 's', [], ['match_suggestions', 'experts']);
    lists.keep(lists.begin(), 'a', '/notifications', 'n', [], ['notifications', 'users']);
    lists.keep(lists.begin(), 'a', '/any', 'x', []);
    lists.drop(['a'], 'notifications');
    expect(lists.get('a', '/notifications')).toBeNull();
    expect(lists.get('a', '/any')).toBeNull();
    expect(lists.get('a', '/suggestions')).toBe('s');
    lists.keep(lists.begin(), 'b', '/notifications', 'n', [], ['notifications']);
    lists.clear('match_suggestions');
    expect(lists.get('a', '/suggestions')).toBeNull();
    expect(lists.get('b', '/notifications')).toBe('n');
    // A member dropped after a change to any table: an answer in making of their rows is not kept.
    const started = lists.begin();
    lists.drop(['b'], 'settings');
    expect(lists.keep(started, 'b', '/suggestions', 'stale', [], ['match_suggestions'])).toBe(false);
    // A table cleared: nothing in making is kept.
    const before = lists.begin();
    lists.clear('settings');
    expect(lists.keep(before, 'c', '/suggestions', 'stale', [], ['match_suggestions'])).toBe(false);
  });
});
