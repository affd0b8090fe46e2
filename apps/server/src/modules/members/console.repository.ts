import type { AdminMemberRow, AdminMemberSort, SortOrder } from '@intergen/contracts';
import type { ProfileStatus, ProfileType } from '@intergen/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

// The admin's members console: every member (a user with an expert or a company profile) in keyset pages.

export interface MemberConsoleFilter {
  /** Matched case-insensitively as a substring of the name, the company name or the e-mail. */
  search?: string | undefined;
  role?: ProfileType | undefined;
  status?: ProfileStatus | undefined;
  verified?: boolean | undefined;
  private?: boolean | undefined;
}

/** Where the previous page stopped: the last row's sort-key values, as the database printed them. */
export type MemberConsoleCursor = readonly string[];

interface SortKey {
  expr: SQL;
  /** How a cursor carries the key: timestamps as whole microseconds, so values compare exactly as stored. */
  type: KeyType;
}

type KeyType = 'text' | 'micros' | 'float8' | 'int4';

/** What a cursor's value of each type may look like: anything else would fail its cast in the database. */
const keyFormats: Record<KeyType, (text: string) => boolean> = {
  text: () => true,
  micros: (text) => /^-?\d{1,17}$/.test(text),
  float8: (text) => /^-?\d{1,20}(\.\d{1,20})?$/.test(text),
  int4: (text) => /^-?\d{1,10}$/.test(text) && Math.abs(Number(text)) < 2 ** 31,
};

const byId: SortKey = { expr: sql`m.id`, type: 'text' };

/** Each sort's keys, the id last so that every row has its own place. */
const sortKeys: Record<AdminMemberSort, SortKey[]> = {
  name: [{ expr: sql`lower(m.name) COLLATE "C"`, type: 'text' }, byId],
  email: [{ expr: sql`lower(u.email) COLLATE "C"`, type: 'text' }, byId],
  createdAt: [{ expr: sql`m.created_at`, type: 'micros' }, byId],
  // Never published counts as earliest: the latest published first, or those never published first.
  publishDate: [{ expr: sql`coalesce(m.publish_date, 'epoch'::timestamptz)`, type: 'micros' }, byId],
  updatedAt: [{ expr: sql`m.updated_at`, type: 'micros' }, byId],
  rating: [
    { expr: sql`m.average_rating`, type: 'float8' },
    { expr: sql`m.number_of_ratings`, type: 'int4' },
    byId,
  ],
};

/** The spec's status priority (000 §4), as `deriveProfileStatus` in the domain computes it. */
const statusSql = (p: string) =>
  sql.raw(`CASE WHEN ${p}.profile_published THEN 'published' WHEN ${p}.profile_pending THEN 'pending'
    WHEN ${p}.paused_date IS NOT NULL THEN 'paused' WHEN ${p}.deactivated_date IS NOT NULL THEN 'inactive'
    WHEN ${p}.disable_reason IS NOT NULL AND ${p}.disable_reason <> '' THEN 'disabled'
    WHEN ${p}.profile_complete THEN 'complete' ELSE 'incomplete' END`);

const lifecycle = (p: string) =>
  sql.raw(`${p}.id, ${p}.name, ${p}.created_at, ${p}.updated_at, ${p}.publish_date,
    ${p}.paused_date, ${p}.deactivated_date, ${p}.disabled_date, ${p}.average_rating, ${p}.number_of_ratings`);

/**
 * Both kinds of member as one relation `m` with their user `u`. The branches read one table each, so the planner
 * flattens them: filters go into both, and a page in an indexed order is a merge of two index scans, joined to
 * the users by primary key for its rows only (or, sorted by e-mail, the users' index joined to the profiles).
 */
const profilesRelation = sql`(
  SELECT ${lifecycle('e')}, 'expert'::text AS role, NULL::text AS company_name, e.is_verified AS verified,
    e.private, ${statusSql('e')} AS status
  FROM experts e
  UNION ALL
  SELECT ${lifecycle('c')}, 'company'::text AS role, c.company_name, false AS verified, false AS private,
    ${statusSql('c')} AS status
  FROM companies c
) m`;
const membersRelation = sql`${profilesRelation} JOIN users u ON u.id = m.id`;

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterSql(filter: MemberConsoleFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.search) {
    const p = containing(filter.search);
    // The matching ids first, each table through its trigram index; the page then reads only those.
    where.push(sql`m.id IN (
      SELECT id FROM experts WHERE name ILIKE ${p}
      UNION ALL SELECT id FROM companies WHERE name ILIKE ${p} OR company_name ILIKE ${p}
      UNION ALL SELECT id FROM users WHERE email ILIKE ${p})`);
  }
  if (filter.role) where.push(sql`m.role = ${filter.role}`);
  if (filter.status) where.push(sql`m.status = ${filter.status}`);
  if (filter.verified !== undefined) where.push(sql`m.verified = ${filter.verified}`);
  if (filter.private !== undefined) where.push(sql`m.private = ${filter.private}`);
  return where;
}

/**
 * Rows after the cursor in the sort's order: a row comparison over all the keys, which a b-tree on the same
 * keys answers as a range (every key runs in the same direction).
 */
function afterCursorSql(keys: SortKey[], order: SortOrder, cursor: MemberConsoleCursor): SQL {
  const values = keys.map((key, i) =>
    key.type === 'micros'
      ? sql`('epoch'::timestamptz + ${cursor[i]}::bigint * interval '1 microsecond')`
      : sql`${cursor[i]}::${sql.raw(key.type)}`,
  );
  const row = (parts: SQL[]) => sql`(${sql.join(parts, sql`, `)})`;
  return sql`${row(keys.map((k) => k.expr))} ${order === 'asc' ? sql`>` : sql`<`} ${row(values)}`;
}

interface RawMemberRow {
  id: string;
  role: ProfileType;
  name: string;
  company_name: string | null;
  email: string;
  email_verified: boolean;
  status: ProfileStatus;
  verified: boolean;
  private: boolean;
  created_ms: number;
  updated_ms: number;
  publish_ms: number | null;
  paused_ms: number | null;
  deactivated_ms: number | null;
  disabled_ms: number | null;
  average_rating: number;
  number_of_ratings: number;
  keys: string[];
}

const millis = (column: string) => sql.raw(`(extract(epoch FROM m.${column}) * 1000)::float8`);

function toRow(r: RawMemberRow): AdminMemberRow {
  return {
    id: r.id,
    role: r.role,
    name: r.name,
    companyName: r.company_name,
    email: r.email,
    emailVerified: r.email_verified,
    status: r.status,
    verified: r.verified,
    private: r.private,
    createdAt: Math.round(r.created_ms),
    updatedAt: Math.round(r.updated_ms),
    publishDate: r.publish_ms === null ? null : Math.round(r.publish_ms),
    pausedDate: r.paused_ms === null ? null : Math.round(r.paused_ms),
    deactivatedDate: r.deactivated_ms === null ? null : Math.round(r.deactivated_ms),
    disabledDate: r.disabled_ms === null ? null : Math.round(r.disabled_ms),
    rating: { average: Number(r.average_rating), count: Number(r.number_of_ratings) },
  };
}

export interface MemberConsolePage {
  rows: AdminMemberRow[];
  /** The cursor after the page's last row; null when no row follows. */
  next: MemberConsoleCursor | null;
  /** How many members pass the filters; only when asked for (the first page). */
  total: number | null;
}

/** Whether `keys` can be a cursor of this sort: one value per sort key, each in its key's format. */
export function isMemberConsoleCursor(sort: AdminMemberSort, keys: readonly string[]): boolean {
  const expected = sortKeys[sort];
  return keys.length === expected.length && keys.every((text, i) => keyFormats[expected[i]!.type](text));
}

/**
 * A page of members passing the filters, in the sort's order after `cursor`: one query for the page (one row
 * more, to know whether another page follows) and, when `withTotal`, one count.
 */
export async function listMembersPage(
  ex: Executor,
  q: MemberConsoleFilter & {
    sort: AdminMemberSort;
    order: SortOrder;
    limit: number;
    cursor?: MemberConsoleCursor | undefined;
    withTotal: boolean;
  },
): Promise<MemberConsolePage> {
  const keys = sortKeys[q.sort];
  const where = filterSql(q);
  const filtered = where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  const paged = q.cursor ? [...where, afterCursorSql(keys, q.order, q.cursor)] : where;
  const orderBy = sql.join(
    keys.map((k) => sql`${k.expr} ${sql.raw(q.order.toUpperCase())}`),
    sql`, `,
  );
  const result = (await ex.execute(sql`
    SELECT m.id, m.role, m.name, m.company_name, u.email, u.email_verified, m.status, m.verified, m.private,
      ${millis('created_at')} AS created_ms, ${millis('updated_at')} AS updated_ms,
      ${millis('publish_date')} AS publish_ms, ${millis('paused_date')} AS paused_ms,
      ${millis('deactivated_date')} AS deactivated_ms, ${millis('disabled_date')} AS disabled_ms,
      m.average_rating, m.number_of_ratings,
      ARRAY[${sql.join(
        keys.map((k) =>
          k.type === 'micros'
            ? sql`(extract(epoch FROM ${k.expr}) * 1000000)::bigint::text`
            : sql`(${k.expr})::text`,
        ),
        sql`, `,
      )}] AS keys
    FROM ${membersRelation}
    ${paged.length > 0 ? sql`WHERE ${sql.join(paged, sql` AND `)}` : sql``}
    ORDER BY ${orderBy}
    LIMIT ${q.limit + 1}
  `)) as unknown as { rows: RawMemberRow[] };
  const rows = result.rows.slice(0, q.limit);
  const last = result.rows.length > q.limit ? rows.at(-1) : undefined;
  let total: number | null = null;
  if (q.withTotal) {
    const counted = (await ex.execute(
      // Every profile has its user (a foreign key), and no filter reads the user: the profiles alone count.
      sql`SELECT count(*)::int AS n FROM ${profilesRelation} ${filtered}`,
    )) as unknown as { rows: { n: number }[] };
    total = Number(counted.rows[0]?.n ?? 0);
  }
  return { rows: rows.map(toRow), next: last ? last.keys : null, total };
}
