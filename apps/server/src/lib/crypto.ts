import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { messages } from '@intergen/domain';
import { AppError } from './errors.ts';

/**
 * scrypt at one of OWASP's equivalent settings: N=2^15, r=8, p=3 (32 MiB per hash). Each hash records its
 * parameters, so they can be raised without a migration. `fast` exists for integration tests outside
 * production only.
 */
const PARAMS = {
  owasp: { N: 2 ** 15, r: 8, p: 3 },
  fast: { N: 2 ** 10, r: 8, p: 1 },
} as const;
const SCRYPT = { keyLength: 32, maxmem: 128 * 1024 * 1024 };
let active: { N: number; r: number; p: number } = PARAMS.owasp;

export function setPasswordHashCost(cost: keyof typeof PARAMS): void {
  active = PARAMS[cost];
}

/**
 * How many hashes run at once, and how many may wait. scrypt runs on libuv's thread pool (4 threads unless
 * UV_THREADPOOL_SIZE says otherwise), which also serves file reads and DNS: hashing takes at most half of it,
 * so 30 parallel sign-ins cannot stall a static file, and memory stays at 32 MiB per running hash. Past the
 * queue the server answers 503 with Retry-After rather than piling up work.
 */
export const PASSWORD_HASHING = {
  concurrency: Math.max(1, Math.floor(Number(process.env.UV_THREADPOOL_SIZE || 4) / 2)),
  maxQueue: 32,
} as const;

function scryptAsync(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
  keyLength: number,
) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...params, maxmem: SCRYPT.maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** Who a hash is for: the client (its address) whose turn it takes, so one source cannot crowd out others. */
export interface HashingClient {
  client?: string | undefined;
}

interface Waiting {
  start: () => void;
  refuse: () => void;
}

const busy = () => new AppError('SERVER_BUSY', messages.serverBusy, undefined, 1);

/**
 * The hashing slots, shared fairly between clients: each client waits in a queue of its own and free slots go
 * round the clients in turn, so a flood from one address only delays that address. When the queue is full, the
 * client holding the longest queue loses its newest waiting hash (503) to make room; a newcomer is refused only
 * when its own queue is as long as any other's. One source therefore only ever slows or refuses itself.
 */
const slots = {
  concurrency: PASSWORD_HASHING.concurrency as number,
  maxQueue: PASSWORD_HASHING.maxQueue as number,
  running: 0,
  waiting: 0,
  /** Waiting hashes per client, in the order the clients take their turns (a Map keeps insertion order). */
  queues: new Map<string, Waiting[]>(),
};

function startWaiting(): void {
  while (slots.running < slots.concurrency && slots.waiting > 0) {
    const [client, queue] = slots.queues.entries().next().value as [string, Waiting[]];
    const next = queue.shift()!;
    slots.waiting -= 1;
    // The client goes to the back of the round; it keeps its place only while it has hashes waiting.
    slots.queues.delete(client);
    if (queue.length > 0) slots.queues.set(client, queue);
    next.start();
  }
}

/** The client with the most hashes waiting, and how many. */
function longestQueue(): [string, Waiting[]] | null {
  let longest: [string, Waiting[]] | null = null;
  for (const entry of slots.queues) if (!longest || entry[1].length > longest[1].length) longest = entry;
  return longest;
}

/** Makes room for one more waiting hash of `client`, or says it has none (its own queue is the longest). */
function makeRoom(client: string): boolean {
  if (slots.waiting < slots.maxQueue) return true;
  const own = slots.queues.get(client)?.length ?? 0;
  const longest = longestQueue();
  if (!longest || longest[1].length <= own) return false;
  const [victim, queue] = longest;
  queue.pop()!.refuse();
  slots.waiting -= 1;
  if (queue.length === 0) slots.queues.delete(victim);
  return true;
}

/** Runs one scrypt in a free slot, after the other clients' turns, or refuses it (503) as `makeRoom` says. */
function inSlot<T>(work: () => Promise<T>, who: HashingClient = {}): Promise<T> {
  const client = who.client ?? '';
  return new Promise<T>((resolve, reject) => {
    const start = () => {
      slots.running += 1;
      new Promise<T>((done) => done(work())).then(resolve, reject).finally(() => {
        slots.running -= 1;
        startWaiting();
      });
    };
    if (slots.running < slots.concurrency && slots.waiting === 0) return start();
    if (!makeRoom(client)) return reject(busy());
    const queue = slots.queues.get(client) ?? [];
    if (queue.length === 0) slots.queues.set(client, queue);
    queue.push({ start, refuse: () => reject(busy()) });
    slots.waiting += 1;
  });
}

/** A hash to compare against when the e-mail is unknown, per parameter set, so both paths cost the same. */
const dummyHashes = new Map<string, Promise<string>>();

/**
 * Password hashing on the bounded queue above. An object (not bare functions) so that tests can watch what
 * is hashed; `hashPassword` and `verifyPassword` below call through it.
 */
export const passwordHasher = {
  /** Hashes a password as `scrypt$N$r$p$salt$hash` (base64url), so parameters can be raised later. */
  async hash(password: string, who?: HashingClient): Promise<string> {
    const salt = randomBytes(16);
    const params = active;
    const key = await inSlot(() => scryptAsync(password, salt, params, SCRYPT.keyLength), who);
    return [
      'scrypt',
      params.N,
      params.r,
      params.p,
      salt.toString('base64url'),
      key.toString('base64url'),
    ].join('$');
  },

  /** Checks a password against a stored hash in constant time. */
  async verify(password: string, stored: string, who?: HashingClient): Promise<boolean> {
    const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
    if (scheme !== 'scrypt' || !saltB64 || !keyB64) return false;
    const expected = Buffer.from(keyB64, 'base64url');
    const actual = await inSlot(
      () =>
        scryptAsync(
          password,
          Buffer.from(saltB64, 'base64url'),
          { N: Number(n), r: Number(r), p: Number(p) },
          expected.length,
        ),
      who,
    );
    return timingSafeEqual(actual, expected);
  },

  /**
   * Spends the same work as checking a real password, for an unknown account, so that the answer's timing does
   * not tell whether an e-mail is registered. It waits in the same queue as every other hash.
   */
  async verifyNothing(password: string, who?: HashingClient): Promise<void> {
    const key = `${active.N}$${active.r}$${active.p}`;
    let dummy = dummyHashes.get(key);
    if (!dummy) {
      dummy = passwordHasher.hash('not-a-real-password');
      dummyHashes.set(key, dummy);
      dummy.catch(() => dummyHashes.delete(key));
    }
    await passwordHasher.verify(password, await dummy, who);
  },

  /** Hashes running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: slots.running, waiting: slots.waiting };
  },

  /** Changes the limits (tests). */
  configure(limits: { concurrency?: number; maxQueue?: number }): void {
    if (limits.concurrency !== undefined) slots.concurrency = limits.concurrency;
    if (limits.maxQueue !== undefined) slots.maxQueue = limits.maxQueue;
    startWaiting();
  },
};

/** Hashes a password (see `passwordHasher.hash`). */
export function hashPassword(password: string, who?: HashingClient): Promise<string> {
  return passwordHasher.hash(password, who);
}

/** Checks a password against a stored hash (see `passwordHasher.verify`). */
export function verifyPassword(password: string, stored: string, who?: HashingClient): Promise<boolean> {
  return passwordHasher.verify(password, stored, who);
}

/** A 256-bit random token, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a token: what the database keeps instead of the token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A random string of `length` characters drawn uniformly from `alphabet`. */
export function randomCode(alphabet: string, length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

export function newId(): string {
  return crypto.randomUUID();
}
