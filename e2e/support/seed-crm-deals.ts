/**
 * Writes built-in CRM contacts and deals into a fresh data directory's embedded database, before a server owns
 * it (PGlite has one owner at a time): more deals in one stage than a board column shows at once. Run with tsx:
 * `node --import tsx e2e/support/seed-crm-deals.ts <dataDir> <deals as JSON>`.
 */
import { databaseTarget, openDatabase } from '../../apps/server/src/db/client.ts';

export interface SeedContact {
  id: string;
  kind: 'expert' | 'company';
  name: string;
  email: string;
  companyName?: string;
}

export interface SeedDeal {
  id: string;
  first: string;
  second: string;
  stage: string;
  lostReason?: string;
  /** The last change, milliseconds since the epoch. */
  updatedAt: number;
}

const [dataDir, json] = process.argv.slice(2);
if (!dataDir || !json) throw new Error('Usage: seed-crm-deals.ts <dataDir> <{ contacts, deals } as JSON>');
const { contacts, deals } = JSON.parse(json) as { contacts: SeedContact[]; deals: SeedDeal[] };
const database = await openDatabase(databaseTarget({ databaseUrl: null, dataDir }));
try {
  for (const c of contacts) {
    await database.query(
      `INSERT INTO crm_contacts (id, member_id, kind, email, name, properties) VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
      [
        c.id,
        `seed-${c.id}`,
        c.kind,
        c.email,
        c.name,
        JSON.stringify(c.companyName ? { company_name: c.companyName } : {}),
      ],
    );
  }
  for (const d of deals) {
    await database.query(
      `INSERT INTO crm_deals (id, pipeline, first_contact_id, second_contact_id, stage, lost_reason, properties, updated_at)
       VALUES ($1, 'connection', $2, $3, $4, $5, '{}'::jsonb, to_timestamp($6::double precision / 1000))`,
      [d.id, d.first, d.second, d.stage, d.lostReason ?? null, d.updatedAt],
    );
  }
} finally {
  await database.close();
}
