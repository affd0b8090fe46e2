import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

/** The JSON value of a settings key, or null. */
export async function readSetting(ex: Executor, key: string): Promise<unknown> {
  const [row] = await ex.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value ?? null;
}
