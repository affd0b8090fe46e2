/**
 * Read by a list of every listed member (a community page): stands for all members' rows and the stored scores, so
 * that any change to them drops the list (sessions.cache.ts drops it with every member named; migration 0022's
 * trigger on `match_scores` names it).
 */
export const everyMember = 'community';

export interface KeptListsOptions {
  maxAgeMs?: number;
  maxEntries?: number;
  maxSize?: number;
  now?: () => number;
}

interface Entry<Body> {
  body: Body;
  members: readonly string[];
  storedAt: number;
}

/** The kept answers by key, with the keys of each member they were made of and their size in all. */
function entryStore<Body extends { length: number }>() {
  const entries = new Map<string, Entry<Body>>();
  const byMember = new Map<string, Set<string>>();
  let size = 0;
  return {
    entries,
    get size() {
      return size;
    },
    keysOf: (memberId: string): Iterable<string> => [...(byMember.get(memberId) ?? [])],
    set(key: string, entry: Entry<Body>) {
      entries.set(key, entry);
      size += entry.body.length;
      for (const id of entry.members) {
        const keys = byMember.get(id) ?? new Set<string>();
        keys.add(key);
        byMember.set(id, keys);
      }
    },
    forget(key: string) {
      const entry = entries.get(key);
      if (!entry) return;
      entries.delete(key);
      size -= entry.body.length;
      for (const id of entry.members) {
        const keys = byMember.get(id);
        keys?.delete(key);
        if (keys?.size === 0) byMember.delete(id);
      }
    },
    clear() {
      entries.clear();
      byMember.clear();
      size = 0;
    },
  };
}

/** Above this many members remembered as dropped, the memory is cleared and every answer in making refused. */
const droppedMemory = 50_000;

/**
 * The JSON answers of members' own lists (the dashboard's suggestions, connections and notifications, and
 * the community pages), kept per instance by member and address, each with the members whose rows it was made of:
 * the member, and every counterpart its statement read (shown or not), or `everyMember`. Dropping a member drops
 * every answer made of their rows; an answer whose making began before one of its members was dropped is not kept
 * (`begin` / `keep`). Bounded by count, by size (the answers' `length`: bytes of the encoded JSON the routes keep)
 * and by age; the oldest stored go first.
 */
export function createKeptLists<Body extends { length: number } = Buffer>(options: KeptListsOptions = {}) {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const maxSize = options.maxSize ?? 32 * 1024 * 1024;
  const now = options.now ?? Date.now;
  const store = entryStore<Body>();
  const { entries, forget } = store;
  // When each member was last dropped (a generation), and when everything was.
  const droppedAt = new Map<string, number>();
  let generation = 0;
  let clearedAt = 0;

  const keyOf = (userId: string, address: string) => `${userId} ${address}`;
  const clear = () => {
    generation++;
    clearedAt = generation;
    store.clear();
    droppedAt.clear();
  };

  return {
    /** The kept answer of `userId` at `address`, or null (none, or older than the bound). */
    get(userId: string, address: string): Body | null {
      const key = keyOf(userId, address);
      const entry = entries.get(key);
      if (!entry) return null;
      if (now() - entry.storedAt > maxAgeMs) {
        forget(key);
        return null;
      }
      return entry.body;
    },
    /** Marks the start of making an answer (before its first read). */
    begin(): number {
      return generation;
    },
    /**
     * Keeps an answer made since `started` of the rows of `userId` and of `reads`, unless one of them was dropped
     * since (it may have been read before the change) or it is larger than a tenth of the whole.
     */
    keep(started: number, userId: string, address: string, body: Body, reads: Iterable<string>): boolean {
      const members = [...new Set([userId, ...reads])];
      if (clearedAt > started || members.some((id) => (droppedAt.get(id) ?? 0) > started)) return false;
      if (body.length > maxSize / 10) return false;
      const key = keyOf(userId, address);
      forget(key);
      for (const oldest of entries.keys()) {
        if (entries.size < maxEntries && store.size + body.length <= maxSize) break;
        forget(oldest);
      }
      store.set(key, { body, members, storedAt: now() });
      return true;
    },
    /** Drops every answer made of these members' rows. */
    drop(userIds: readonly string[]): void {
      if (droppedAt.size + userIds.length > droppedMemory) {
        clear();
        return;
      }
      generation++;
      for (const id of userIds) {
        droppedAt.set(id, generation);
        for (const key of store.keysOf(id)) forget(key);
      }
    },
    /** Drops every answer, and refuses every answer in making. */
    clear,
    get size(): number {
      return entries.size;
    },
    /** The kept answers' size in all. */
    get bytes(): number {
      return store.size;
    },
  };
}

export type KeptLists = ReturnType<typeof createKeptLists<Buffer>>;
