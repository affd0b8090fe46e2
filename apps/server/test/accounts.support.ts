import { createHash } from 'node:crypto';
import { accountExportFileName } from '@intergen/domain';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import * as schema from '../src/db/schema.ts';
import type { Client } from './factories.ts';
import type { TestApp } from './helpers.ts';

/** Helpers of the account deletion and export tests. */

/** Every table of the schema, by its SQL name: a table added later is searched too. */
export const tableNames = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort();

/**
 * Where a rule allows a row that names the deleted member to stay: the audit log is the admins' record of who
 * was deleted, and the `member.deleted` event (and its CRM delivery) carries the id alone, so the CRM can forget.
 */
const allowed: Record<string, string> = {
  audit_log: 'true',
  domain_events: "type = 'member.deleted'",
  outbox: "payload->>'type' = 'member.deleted'",
};

/**
 * How many rows of each table name any of `needles` (an id, an e-mail address) anywhere in the row, read as
 * JSON text: tables whose rows reach a member by a column, an id list or a JSON payload are all covered.
 */
export async function rowsNaming(t: TestApp, needles: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tableNames) {
    const conditions = needles.map((_, i) => `position($${i + 1} in lower(row_to_json(r)::text)) > 0`);
    const rows = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} r WHERE (${conditions.join(' OR ')}) AND NOT (${allowed[table] ?? 'false'})`,
      needles.map((n) => n.toLowerCase()),
    );
    const n = Number(rows[0]?.n ?? 0);
    if (n > 0) counts[table] = n;
  }
  return counts;
}

/** Every table's row count: what a refused request must leave as it was. */
export async function tableCounts(t: TestApp): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tableNames) {
    const rows = await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/** Whether a rate-limit counter is stored for the subject (an e-mail or `user:<id>`; see `subjectKey`), any client. */
export async function hasRateLimit(t: TestApp, subject: string): Promise<boolean> {
  const prefix = `${createHash('sha256').update(subject).digest('base64url')}.`;
  const rows = await t.database.query('SELECT 1 FROM rate_limits WHERE left(key, 44) = $1', [prefix]);
  return rows.length > 0;
}

/** Outbox rows parked as dead, by topic and last error (none may be left by a deletion). */
export async function deadRows(t: TestApp) {
  return t.database.query<{ topic: string; last_error: string | null }>(
    "SELECT topic, last_error FROM outbox WHERE status = 'dead'",
  );
}

/** An admin's deletion of a member. */
export const adminDelete = (admin: { client: Client }, id: string, confirmation: string) =>
  admin.client.post(`/api/admin/members/${encodeURIComponent(id)}/delete`, { confirmation });

/** A member's deletion of their own account. */
export const ownDelete = (member: { client: Client }, password: string) =>
  member.client.post('/api/account/delete', { password });

/** The member's data export, checked to be a JSON download named with today's date. */
export async function exportOf(member: { client: Client }) {
  const response = await member.client.get('/api/account/export');
  expect(response.statusCode, response.body).toBe(200);
  const day = new Date().toISOString().slice(0, 10);
  expect(response.headers['content-disposition']).toBe(
    `attachment; filename="${accountExportFileName(day)}"`,
  );
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  return { body: response.json(), text: response.body };
}
