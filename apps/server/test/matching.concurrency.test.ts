import { describe, expect, it } from 'vitest';
import { perfectExpert, seedProfile } from './factories.ts';
import { type Engine, engines } from './helpers.ts';
import { useAdmin, useTestApp } from './suite.ts';

/**
 * An admin's suggestions while the matcher suggests for the same members (spec 001 §5, DESIGN.md §5). Both write
 * match_suggestions, match_scores and the members' suggested ids; on PostgreSQL they really overlap (a pool of
 * connections), and a deadlock or a serialization failure must never reach the admin as a 500.
 */
describe.each(engines)('admin suggestions while the matcher runs on %s', (engine: Engine) => {
  const t = useTestApp(engine);
  const admin = useAdmin(t);

  const TRIES = 15;
  const EXPERTS = 5;

  it(`answers every admin suggestion, and the matcher finishes, over ${TRIES} tries`, {
    timeout: 300_000,
  }, async () => {
    const failures: string[] = [];
    let eventId = 1_000_000;
    for (let round = 0; round < TRIES; round++) {
      const company = await seedProfile(t, 'company', { name: `Racing Company ${round}` });
      const experts = [];
      for (let i = 0; i < EXPERTS; i++)
        experts.push(
          await seedProfile(t, 'expert', { name: `Racing Expert ${round} ${i}`, columns: perfectExpert }),
        );
      // The matcher suggests the company's best experts while the admin suggests the same pairs, in a
      // different order each round.
      const order = round % 2 === 0 ? experts : [...experts].reverse();
      const [matched, ...answers] = await Promise.all([
        t.app.services.matching.matchProfile(company.id, { suggest: true, eventId: eventId++ }).then(
          (r) => r,
          (error: unknown) => {
            failures.push(`matcher: ${String(error)}`);
            return null;
          },
        ),
        ...order.map((e) =>
          admin.client.post('/api/admin/suggestions', { expertId: e.id, companyId: company.id }),
        ),
      ]);
      for (const answer of answers) {
        if (answer.statusCode !== 200 && answer.statusCode !== 201)
          failures.push(`admin: ${answer.statusCode} ${answer.body}`);
      }
      // Whoever made each pair's suggestion, there is exactly one per pair.
      const rows = await t.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM match_suggestions WHERE company_id = $1 AND expert_id = ANY($2::text[])',
        [company.id, experts.map((e) => e.id)],
      );
      expect(rows[0]!.n).toBe(EXPERTS);
      expect(matched).not.toBeNull();
    }
    expect(failures).toEqual([]);
  });
});
