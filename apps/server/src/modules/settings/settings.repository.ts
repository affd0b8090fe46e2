import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

/** The stored JSON values of some keys; a key without a row is absent from the map. */
export async function readSettingRows(ex: Executor, keys: readonly string[]): Promise<Map<string, unknown>> {
  const rows = await ex
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Writes a key's JSON value, creating its row if need be. */
export async function upsertSetting(ex: Executor, key: string, value: unknown): Promise<void> {
  await ex
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

/**
 * Serialises changes of the settings until the transaction ends: a setting without a row has nothing to lock,
 * so writers take one advisory lock instead (on every instance, since it lives in the database).
 */
export async function lockSettings(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('intergen.settings'))`);
}
