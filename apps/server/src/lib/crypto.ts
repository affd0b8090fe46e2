import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt at one of OWASP's equivalent settings: N=2^15, r=8, p=3 (32 MiB per hash, so concurrent sign-ins
 * cannot exhaust memory). Each hash records its parameters, so they can be raised without a migration.
 * `fast` exists for integration tests outside production only.
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

/** Hashes a password as `scrypt$N$r$p$salt$hash` (base64url), so parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, active, SCRYPT.keyLength);
  return ['scrypt', active.N, active.r, active.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

/** Checks a password against a stored hash in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64url');
  const actual = await scryptAsync(
    password,
    Buffer.from(saltB64, 'base64url'),
    { N: Number(n), r: Number(r), p: Number(p) },
    expected.length,
  );
  return timingSafeEqual(actual, expected);
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
