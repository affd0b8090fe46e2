import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Unlisten } from '../../db/client.ts';
import { memberChangesChannel } from '../events/index.ts';
import * as members from '../members/index.ts';
import { PackedSide } from './packed-side.ts';

/** How long a job waits for its own marker to come back through the listener before it reloads everything. */
const MARKER_TIMEOUT_MS = 5_000;
const MARKER_PREFIX = 'sync:';

/**
 * Matching's packed counterparts, one per app instance: every published expert and every published company,
 * packed for the kernel (`PackedSide`), loaded from the database once (at the first job) and then kept current
 * member by member, so a job never reads 100,000 rows again.
 *
 * Every event that may change a profile announces its member on `memberChangesChannel` on commit
 * (`publishEvent`), and this instance's listener notes the id. At the start of each job `sync()` makes the
 * store current as of that moment:
 *
 * 1. it sends a marker of its own on the same channel and waits until the listener hears it. PostgreSQL
 *    delivers notifications in commit order, so by then the listener has heard every change that committed
 *    before the job started, whichever instance made it;
 * 2. it reads the noted members again (one query per kind, by primary key) and adds, replaces or removes each.
 *
 * A listener that dropped (notifications missed), a marker that does not come back in time, or a first job
 * load everything again. A notification that arrives while a load or read runs stays noted and is read again
 * at the next sync (reading a member twice is harmless).
 */
export class CounterpartStore {
  readonly experts = new PackedSide('experts');
  readonly companies = new PackedSide('companies');
  /** Full loads and member reads so far (for tests and the benchmark). */
  readonly stats = { fullLoads: 0, membersRead: 0, lastSyncMs: 0 };
  /** Changes each time a sync may have changed what the store holds: what was scored from it is stale then. */
  version = 0;

  private loaded = false;
  private stale = false;
  private readonly noted = new Set<string>();
  private listening: Promise<Unlisten> | null = null;
  private readonly instance = randomUUID();
  private markers = 0;
  private readonly waiting = new Map<string, () => void>();
  private queue: Promise<unknown> = Promise.resolve();
  /** The sync queued and not started yet, if any. */
  private next: Promise<void> | null = null;

  constructor(private readonly database: Database) {}

  /**
   * Makes the store current as of now (see above); one sync at a time. A sync queued and not started yet serves
   * every caller that asks before it starts: it begins after each of them asked, so it sees what they need (a
   * community page syncs on every request; queued one by one, each would wait for every marker before it).
   */
  sync(): Promise<void> {
    if (this.next) return this.next;
    const run = this.queue.then(() => {
      this.next = null;
      return this.syncNow();
    });
    this.next = run;
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Forgets everything: the next sync loads again. */
  invalidate(): void {
    this.stale = true;
  }

  private async syncNow(): Promise<void> {
    const started = performance.now();
    await this.listen();
    if (this.loaded && !this.stale && (await this.marker())) {
      await this.readNoted();
    } else {
      await this.loadAll();
    }
    this.stats.lastSyncMs = performance.now() - started;
  }

  private listen(): Promise<Unlisten> {
    this.listening ??= this.database
      .listen(memberChangesChannel, (payload) => this.heard(payload), {
        onReconnect: () => this.invalidate(),
        onError: () => this.invalidate(),
      })
      .catch((error) => {
        this.listening = null;
        throw error;
      });
    return this.listening;
  }

  private heard(payload: string): void {
    if (payload.startsWith(MARKER_PREFIX)) {
      this.waiting.get(payload)?.();
      return;
    }
    this.noted.add(payload);
  }

  /** Sends a marker and waits until the listener hears it; false on timeout. */
  private async marker(): Promise<boolean> {
    const token = `${MARKER_PREFIX}${this.instance}:${++this.markers}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      this.waiting.set(token, () => resolve(true));
      timer = setTimeout(() => resolve(false), MARKER_TIMEOUT_MS);
    });
    try {
      await this.database.db.execute(sql`SELECT pg_notify(${memberChangesChannel}, ${token})`);
      return await heard;
    } finally {
      clearTimeout(timer);
      this.waiting.delete(token);
    }
  }

  private async loadAll(): Promise<void> {
    // Changes heard from now on are read again at the next sync, even if this load already sees them.
    this.noted.clear();
    this.stale = false;
    const { db } = this.database;
    const experts = await members.listPublishedExpertFacets(db);
    const companies = await members.listPublishedCompanyFacets(db);
    this.experts.load(experts.ids, experts.facets);
    this.companies.load(companies.ids, companies.facets);
    this.loaded = true;
    this.version++;
    this.stats.fullLoads++;
  }

  private async readNoted(): Promise<void> {
    if (this.noted.size === 0) return;
    const ids = [...this.noted];
    this.noted.clear();
    const now = await members.publishedFacetsOf(this.database.db, ids);
    this.version++;
    this.stats.membersRead += ids.length;
    const published = new Set<string>();
    now.experts.ids.forEach((id, i) => {
      published.add(id);
      this.experts.put(id, now.experts.facets[i]!);
    });
    now.companies.ids.forEach((id, i) => {
      published.add(id);
      this.companies.put(id, now.companies.facets[i]!);
    });
    for (const id of ids) {
      if (published.has(id)) continue;
      this.experts.remove(id);
      this.companies.remove(id);
    }
  }

  /** The approximate bytes the store holds: the packed words and the ids (V8 strings and array slots). */
  footprint(): { profiles: number; packedBytes: number; idBytes: number } {
    let idBytes = 0;
    for (const side of [this.experts, this.companies]) {
      // A sequential one-byte string: 12-byte header + its characters, 4-byte aligned; plus a 4-byte array slot.
      for (const id of side.ids) idBytes += 4 + ((12 + id.length + 3) & ~3);
    }
    return {
      profiles: this.experts.length + this.companies.length,
      packedBytes: this.experts.packedBytes + this.companies.packedBytes,
      idBytes,
    };
  }
}
