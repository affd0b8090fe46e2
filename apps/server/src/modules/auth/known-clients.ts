import { normalizeEmail } from '@intergen/domain';
import { countHit, deleteRateLimitKeys, hitsOf, subjectKey } from '../../http/rate-limit-store.ts';
import type { AuthContext } from './auth.context.ts';

/**
 * How long a client (its address) that signed in to an account stays known to that account's limits: within it,
 * the per-e-mail ceiling that strangers can fill does not apply to it, so its owner keeps a budget of their own.
 */
export const KNOWN_CLIENT_MS = 30 * 24 * 60 * 60 * 1000;

const knownKey = (email: string, client: string) => subjectKey(normalizeEmail(email), `known:${client}`);

/**
 * Records that `client` signed in to the account of `email`, and forgets that client's counted failures for it
 * (`failureKeys`): a success starts the client's count again. Kept in the limiter's table, hashed like its keys.
 */
export async function rememberClient(
  { database, db }: AuthContext,
  email: string,
  client: string | undefined,
  failureKeys: readonly string[] = [],
): Promise<void> {
  if (!client) return;
  await countHit(database, knownKey(email, client), KNOWN_CLIENT_MS);
  await deleteRateLimitKeys(db, failureKeys);
}

/** Whether `client` signed in to the account of `email` within `KNOWN_CLIENT_MS`. */
export async function isKnownClient(
  { database }: AuthContext,
  email: string,
  client: string | undefined,
): Promise<boolean> {
  return client ? (await hitsOf(database, knownKey(email, client))) > 0 : false;
}
