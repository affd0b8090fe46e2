/**
 * Writes outbox rows parked as dead into a fresh data directory's embedded database, before a server owns it
 * (PGlite has one owner at a time). Run with tsx: `node --import tsx e2e/support/seed-dead-rows.ts <dataDir>
 * <rows as JSON>`; prints the rows' ids as JSON. The rows are `mail.send` rows, as mail that failed for good.
 */
import { databaseTarget, openDatabase } from '../../apps/server/src/db/client.ts';

export interface DeadMail {
  to: string;
  subject: string;
  text: string;
  lastError: string;
}

const [dataDir, rowsJson] = process.argv.slice(2);
if (!dataDir || !rowsJson) throw new Error('Usage: seed-dead-rows.ts <dataDir> <rows as JSON>');
const database = await openDatabase(databaseTarget({ databaseUrl: null, dataDir }));
try {
  const ids: number[] = [];
  for (const [i, mail] of (JSON.parse(rowsJson) as DeadMail[]).entries()) {
    const [row] = await database.query<{ id: string | number }>(
      `INSERT INTO outbox (topic, payload, idempotency_key, status, attempts, max_attempts, last_error)
       VALUES ('mail.send', $1::jsonb, $2, 'dead', 8, 8, $3) RETURNING id`,
      [
        JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.text }),
        `e2e-dead-${i}`,
        mail.lastError,
      ],
    );
    ids.push(Number(row!.id));
  }
  process.stdout.write(`${JSON.stringify(ids)}\n`);
} finally {
  await database.close();
}
