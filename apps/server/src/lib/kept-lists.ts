import { getTableName, type Table } from 'drizzle-orm';

/**
 * Read by a list of every listed member (a community page): stands for all members' rows and the stored scores, so
 * that any change to them drops the list (sessions.cache.ts drops it with every member named; migration 0022's
 * trigger on `match_scores` names it).
 */
export const everyMember = 'community';

/**
 * What a kept list reads, declared in its read-model file: whose rows (`counterparts`: the caller's and those of
 * each member its statements read, which the use case adds to `Caller.reads`; `every member`: a community page)
 * and the tables its statements read. Each change signal names its table (migrations 0022 and 0030), and a change
 * drops only the kept lists that declare that table; a change to a member's account, profile or contact rows
 * (migration 0019) drops every list made of them. `kept-lists.signals.test.ts` makes every kept list and fails on
 * a table its statements read that it does not declare or whose changes are not signalled.
 */
export interface KeptReads {
  rows: 'counterparts' | 'every member';
  tables: readonly string[];
}

/** A kept list's declaration (`KeptReads`) from the tables its statements read. */
export function keptReads(rows: KeptReads['rows'], tables: readonly Table[]): KeptReads {
  return { rows, tables: tables.map((t) => getTableName(t)) };
}

export interface KeptListsOptions {
  maxAgeMs?: number;
  maxEntries?: number;
  maxSize?: number;
  now?: () => number;
}

interface Entry<Body> {
  body: Body;
  members: readonly string[];
  /** The tables it was read from (its `KeptReads`), or null: dropped by a change to any. */
  tables: ReadonlySet<string> | null;
  storedAt: number;
}

/** Whether a change to `table` (undefined: to some table) can touch an answer read from `tables`. */
const touches = (tables: ReadonlySet<string> | null, table: string | undefined) =>
  table === undefined || tables === null || tables.has(table);

/** The kept answers by key, with the keys of each member they were made of and their size in all. */
function entryStore<Body extends { length: number }>() {
  const entries = new Map<string, Entry<Body>>();
  const byMember = new Map<string, Set<string>>();
  let size = 0;
  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    size -= entry.body.length;
    for (const id of entry.members) {
      const keys = byMember.get(id);
      keys?.delete(key);
      if (keys?.size === 0) byMember.delete(id);
    }
  };
  return {
    entries,
    get size() {
      return size;
    },
    set(key: string, entry: Entry<Body>) {
      entries.set(key, entry);
      size += entry.body.length;
      for (const id of entry.members) {
        const keys = byMember.get(id) ?? new Set<string>();
        keys.add(key);
        byMember.set(id, keys);
      }
    },
    forget,
    /** Forgets the oldest stored answers until one more of `bytes` fits in `maxEntries` and `maxSize`. */
    makeRoom(bytes: number, maxEntries: number, maxSize: number) {
      for (const oldest of entries.keys()) {
        if (entries.size < maxEntries && size + bytes <= maxSize) break;
        forget(oldest);
      }
    },
    /** Forgets the answers made of `memberId`'s rows (null: every answer) that a change to `table` touches. */
    forgetTouched(memberId: string | null, table: string | undefined) {
      for (const key of [...((memberId === null ? entries.keys() : byMember.get(memberId)) ?? [])]) {
        if (touches(entries.get(key)?.tables ?? null, table)) forget(key);
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
 * the member, and every counterpart its statement read (shown or not), or `everyMember`, and the tables it was read
 * from (its `KeptReads`). Dropping a member after a change to a table drops every answer made of their rows and
 * read from that table; an answer whose making began before one of its members was dropped (after a change to
 * any table: the simple, safe side) is not kept (`begin` / `keep`). Bounded by count, by size (the answers'
 * `length`: bytes of the encoded JSON the routes keep) and by age; the oldest stored go first.
 *
 * What it saves on top of the kept sessions (bench/session-cache.bench.ts, 200 members on two instances, 2026-12-04,
 * load average 0.5–1.1): the dashboard's lists' p50 5.1–5.8 ms kept against 6.2–7.3 ms, the community page's 12
 * against 14 ms; p99 the same either way (36–64 ms). Little at this load, where each list is one statement; the
 * capacity test is where it should earn its place or go.
 */
export function createKeptLists<Body extends { length: number } = Buffer>(options: KeptListsOptions = {}) {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const maxSize = options.maxSize ?? 32 * 1024 * 1024;
  const now = options.now ?? Date.now;
  const store = entryStore<Body>();
  const { entries, forget } = store;
  // When each member was last dropped (a generation), and when everything (or a table) was.
  const droppedAt = new Map<string, number>();
  let [generation, clearedAt] = [0, 0];

  const keyOf = (userId: string, address: string) => `${userId} ${address}`;
  /** Drops every answer read from `table` (undefined: every answer), and refuses every answer in making. */
  const clear = (table?: string): void => {
    generation++;
    clearedAt = generation;
    if (table !== undefined) store.forgetTouched(null, table);
    else {
      store.clear();
      droppedAt.clear();
    }
  };

  return {
    /** The kept answer of `userId` at `address`, or null (none, or older than the bound). */
    get(userId: string, address: string): Body | null {
      const key = keyOf(userId, address);
      const entry = entries.get(key);
      if (!entry || now() - entry.storedAt <= maxAgeMs) return entry?.body ?? null;
      forget(key);
      return null;
    },
    /** Marks the start of making an answer (before its first read). */
    begin(): number {
      return generation;
    },
    /**
     * Keeps an answer made since `started` of the rows of `userId` and of `reads`, read from `tables` (null: from
     * any), unless one of them was dropped since (it may have been read before the change) or it is larger than a
     * tenth of the whole.
     */
    keep(
      started: number,
      userId: string,
      address: string,
      body: Body,
      reads: Iterable<string>,
      tables: readonly string[] | null = null,
    ): boolean {
      const members = [...new Set([userId, ...reads])];
      if (clearedAt > started || members.some((id) => (droppedAt.get(id) ?? 0) > started)) return false;
      if (body.length > maxSize / 10) return false;
      const key = keyOf(userId, address);
      forget(key);
      store.makeRoom(body.length, maxEntries, maxSize);
      store.set(key, { body, members, tables: tables && new Set(tables), storedAt: now() });
      return true;
    },
    /** Drops every answer made of these members' rows and read from `table` (undefined: from any table). */
    drop(userIds: readonly string[], table?: string): void {
      if (droppedAt.size + userIds.length > droppedMemory) {
        clear();
        return;
      }
      generation++;
      for (const id of userIds) {
        droppedAt.set(id, generation);
        store.forgetTouched(id, table);
      }
    },
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
