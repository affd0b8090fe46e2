/**
 * Seeding helpers shared by the benchmarks that need many published profiles on a real database
 * (`community.bench.ts`, `publish.bench.ts`, `crm.bench.ts`, `load.bench.ts`): generated names and ids,
 * 5,000-row `INSERT … SELECT FROM unnest` statements, and a fresh PostgreSQL database that is dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { type CompanyMatchFacets, type ExpertMatchFacets, seededRandom } from '@intergen/domain';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';

/** Rows per INSERT statement. */
export const BATCH = 5_000;
export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const firstNames = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken', 'Radia', 'Tim'];
// A third of the last names contain "son", the search the community benchmark times.
const lastNames = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Thompson',
  'Johnson',
  'Allison',
  'Knuth',
];
const words = [
  'Solar',
  'Quantum',
  'Harbor',
  'Maple',
  'Vertex',
  'Nimbus',
  'Copper',
  'Orchid',
  'Summit',
  'Delta',
];
const kinds = ['Robotics', 'Foods', 'Logistics', 'Health', 'Labs', 'Energy', 'Finance', 'Studio', 'Works'];

export interface Seed<F> {
  ids: string[];
  names: string[];
  companyNames: string[];
  facets: F[];
}

/** Ids, names and company names for generated facets (deterministic for a seed). */
export function seedData<F>(kind: 'e' | 'c', facets: F[], seed: number): Seed<F> {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  return {
    // Random-looking ids like the app's UUIDs, so id order is unrelated to insertion order.
    ids: facets.map(
      (_, i) =>
        `${Math.floor(random() * 0xffffffff)
          .toString(16)
          .padStart(8, '0')}-${kind}${i}`,
    ),
    names: facets.map(() => `${pick(firstNames)} ${pick(lastNames)}`),
    companyNames: facets.map(() => `${pick(words)} ${pick(kinds)}`),
    facets,
  };
}

const about =
  'Twenty years of building teams and taking products to new markets; happy to mentor founders on hiring.';
const json = (v: unknown) => (v == null ? null : JSON.stringify(v));

/**
 * Sign-in accounts for a seeded kind: the e-mail of each row (default `<id>@bench.example`), a password hash set on
 * the first `withPassword` rows, and contact details for every row.
 */
export interface Accounts {
  emails: string[];
  passwordHash: string;
  withPassword: number;
}

async function insertUsers(
  database: Database,
  kind: 'expert' | 'company',
  data: Seed<unknown>,
  from: number,
  to: number,
  accounts?: Accounts,
) {
  const ids = data.ids.slice(from, to);
  const emails = accounts ? accounts.emails.slice(from, to) : ids.map((id) => `${id}@bench.example`);
  await database.query(
    `INSERT INTO users (id, email, email_verified, name, first_name, last_name, kind, password_hash)
     SELECT id, email, true, name, split_part(name, ' ', 1), split_part(name, ' ', 2), $4,
       CASE WHEN ord + $5 <= $6 THEN $7 END
     FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS t(id, email, name, ord)`,
    [
      ids,
      emails,
      data.names.slice(from, to),
      kind,
      from,
      accounts?.withPassword ?? 0,
      accounts?.passwordHash ?? null,
    ],
  );
  if (!accounts) return;
  await database.query(
    `INSERT INTO contact_info (user_id, email, phone, linkedin)
     SELECT id, email, '5551234567', 'https://www.linkedin.com/in/' || id FROM unnest($1::text[], $2::text[]) AS t(id, email)`,
    [ids, emails],
  );
}

/** The columns both profile tables share, as arrays for `unnest`. */
function commonColumns(ids: string[], names: string[], facets: (ExpertMatchFacets | CompanyMatchFacets)[]) {
  return [
    ids,
    names,
    facets.map((f) => json(f.experience)),
    facets.map((f) => json(f.areasOfImprovement)),
    facets.map((f) => json(f.idealEngagement)),
    facets.map((f) => f.arrangement),
    facets.map((f) => f.businessType),
    facets.map((f) => f.investmentOpportunities),
    facets.map((f) => f.boardOpportunities),
  ];
}

async function insertExperts(database: Database, data: Seed<ExpertMatchFacets>, from: number, to: number) {
  const ids = data.ids.slice(from, to);
  const facets = data.facets.slice(from, to);
  await database.query(
    `INSERT INTO experts (id, name, experience, areas_of_improvement, ideal_engagement, arrangement, business_type,
       investment_opportunities, board_opportunities, current_stage, about, profile_image, profile_published,
       profile_complete, onboarding_complete, has_been_welcomed, publish_date, private)
     SELECT id, name, e::jsonb, a::jsonb, i::jsonb, arr, bt, inv, brd, st::jsonb, $11,
       '{"url":"/avatars/expert-1.svg","name":"avatar"}'::jsonb, true, true, true, true,
       date_trunc('day', now()) - (ord % 1000) * interval '1 day', false
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
       $9::text[], $10::text[]) WITH ORDINALITY AS t(id, name, e, a, i, arr, bt, inv, brd, st, ord)`,
    [
      ...commonColumns(ids, data.names.slice(from, to), facets),
      facets.map((f) => json(f.currentStage)),
      about,
    ],
  );
}

async function insertCompanies(database: Database, data: Seed<CompanyMatchFacets>, from: number, to: number) {
  const ids = data.ids.slice(from, to);
  const facets = data.facets.slice(from, to);
  await database.query(
    `INSERT INTO companies (id, name, experience, areas_of_improvement, ideal_engagement, arrangement, business_type,
       investment_opportunities, board_opportunities, current_stage, company_name, slogan, about, profile_image,
       profile_published, profile_complete, onboarding_complete, has_been_welcomed, publish_date)
     SELECT id, name, e::jsonb, a::jsonb, i::jsonb, arr, bt, inv, brd, st, cn, 'Robots that help', $12,
       '{"url":"/avatars/company-1.svg","name":"avatar"}'::jsonb, true, true, true, true, now()
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
       $9::text[], $10::text[], $11::text[]) AS t(id, name, e, a, i, arr, bt, inv, brd, st, cn)`,
    [
      ...commonColumns(ids, data.names.slice(from, to), facets),
      facets.map((f) => f.currentStage),
      data.companyNames.slice(from, to),
      about,
    ],
  );
}

/**
 * Inserts the profiles, published and public, BATCH rows per statement (with `accounts`, members who can sign in), then `VACUUM ANALYZE` (as autovacuum
 * would on PostgreSQL and as an operator must on PGlite: the visibility map lets covering indexes answer
 * without reading rows).
 */
export async function seedProfiles(
  database: Database,
  experts: Seed<ExpertMatchFacets>,
  companies: Seed<CompanyMatchFacets>,
  accounts?: { expert: Accounts; company: Accounts },
): Promise<void> {
  for (let from = 0; from < experts.ids.length; from += BATCH) {
    const to = Math.min(experts.ids.length, from + BATCH);
    await insertUsers(database, 'expert', experts, from, to, accounts?.expert);
    await insertExperts(database, experts, from, to);
  }
  for (let from = 0; from < companies.ids.length; from += BATCH) {
    const to = Math.min(companies.ids.length, from + BATCH);
    await insertUsers(database, 'company', companies, from, to, accounts?.company);
    await insertCompanies(database, companies, from, to);
  }
  await database.query('VACUUM ANALYZE');
}

/**
 * Runs `work` on a fresh PostgreSQL database (at BENCH_DATABASE_URL's server), dropped at the end; null when
 * the server is unreachable. BENCH_KEEP=1 keeps the database for a look with psql, and says its name. `prefix`
 * starts the database's name (default `intergen_bench`).
 */
export async function withPostgres<T>(
  work: (database: Database, url: string) => Promise<T>,
  { prefix = 'intergen_bench' }: { prefix?: string } = {},
): Promise<T | null> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`   PostgreSQL at ${adminUrl} is unreachable (${(error as Error).message}); skipped.`);
    return null;
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let database: Database | null = null;
  try {
    database = await openDatabase({ kind: 'postgres', url: url.toString() });
    return await work(database, url.toString());
  } finally {
    await database?.close();
    if (process.env.BENCH_KEEP) console.log(`   kept database ${name}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
