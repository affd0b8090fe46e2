import { limits, type ProfileType } from '@intergen/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { type CommunityRow, listCommunityPage } from '../src/modules/matching/community.read-model.ts';
import {
  type CommunityCursor,
  type CommunityFilter,
  type CommunityViewer,
  SELECTIVE_MAX,
} from '../src/modules/matching/community-query.read-model.ts';
import { scoredRest } from '../src/modules/matching/member-scores.ts';
import { type Engine, engines, freshDatabase } from './helpers.ts';

/**
 * The community pages' read model against a plain reading of the same tables: every listed profile read whole,
 * filtered, ranked by the viewer's stored strong pairs and ordered here. Selective and dense lists, with and
 * without the viewer's scores, walked page by page, must run exactly as that reading does.
 */

/** Profiles of each kind: more than SELECTIVE_MAX, so an unfiltered list is dense and a narrow one selective. */
const N = 1_100;
const names = ['Alder', 'Birch', 'Cedar', 'Alba', 'Abby', 'Ash', 'Oak_%', 'Élan'];
const industries = ['tech', 'eComm', 'manufacturing', 'energy'];
const areas = ['legal', 'growthCapital', 'salesBusinessDevelopment', 'marketExpansion'];
const idOf = (prefix: string, n: number) => `${prefix}-${String(n).padStart(5, '0')}`;

/** Profiles of one kind: names and facets in turn, some unpublished (experts: some private), three a minute. */
async function seed(database: Database, kind: ProfileType, prefix: string) {
  await database.query(
    `INSERT INTO users (id, email, email_verified, name, first_name, last_name, kind)
     SELECT $2 || '-' || lpad(n::text, 5, '0'), $2 || n || '@example.com', true, 'U ' || n, 'U', 'X', $3
     FROM generate_series(1, $1::int) AS n`,
    [N, prefix, kind],
  );
  const [table, column, value] =
    kind === 'expert'
      ? ['experts', 'private', 'n % 23 = 0']
      : ['companies', 'company_name', `'Works ' || ($4::text[])[1 + (n / 3) % 8]`];
  await database.query(
    `INSERT INTO ${table} (id, name, experience, areas_of_improvement, investment_opportunities,
       board_opportunities, profile_published, profile_complete, onboarding_complete, has_been_welcomed,
       publish_date, ${column})
     SELECT $5 || '-' || lpad(n::text, 5, '0'), ($4::text[])[1 + n % 8] || ' ' || n,
       jsonb_build_object(($2::text[])[1 + n % 4], true, ($2::text[])[1 + n % 3], true),
       jsonb_build_object(($3::text[])[1 + n % 4], true, ($3::text[])[1 + (n / 4) % 4], true),
       CASE WHEN n % 3 = 0 THEN 'yes' ELSE 'no' END, CASE WHEN n % 5 = 0 THEN 'yes' ELSE 'no' END,
       n % 29 <> 0, true, true, true,
       CASE WHEN n % 31 <> 0 THEN timestamptz '2025-01-01 00:00:00+00' + (n / 3) * interval '1 minute' END,
       ${value}
     FROM generate_series(1, $1::int) AS n`,
    [N, industries, areas, names, prefix],
  );
}

/** A profile as the plain reading sees it. */
interface Plain {
  id: string;
  text: string;
  tokens: string[];
  listed: boolean;
  micros: number;
}

async function plainProfiles(database: Database, kind: ProfileType): Promise<Plain[]> {
  const rows = await database.query<{
    id: string;
    name: string;
    company_name: string | null;
    facet_tokens: string[];
    listed: boolean;
    micros: string;
  }>(
    kind === 'expert'
      ? `SELECT id, name, NULL AS company_name, facet_tokens, profile_published AND NOT private AS listed,
           round(date_part('epoch', listed_at) * 1000000)::bigint::text AS micros FROM experts`
      : `SELECT id, name, company_name, facet_tokens, profile_published AS listed,
           round(date_part('epoch', listed_at) * 1000000)::bigint::text AS micros FROM companies`,
  );
  // In id order (code units), as the packed store holds its counterparts.
  rows.sort((a, b) => (a.id < b.id ? -1 : 1));
  return rows.map((r) => ({
    id: r.id,
    text: (r.company_name === null ? r.name : `${r.name}\n${r.company_name}`).toLowerCase(),
    tokens: r.facet_tokens,
    listed: r.listed,
    micros: Number(r.micros),
  }));
}

/** Whether a profile passes the filters of spec 001 §5. */
function passes(p: Plain, filter: CommunityFilter): boolean {
  const wanted = [
    ...filter.industries.map((c) => `i:${c}`),
    ...filter.expertise.map((c) => `a:${c}`),
    ...(filter.investments ? ['inv'] : []),
    ...(filter.boardPositions ? ['board'] : []),
  ];
  const search = filter.searchText?.replace(/\n/g, ' ');
  return (!search || p.text.includes(search)) && wanted.every((token) => p.tokens.includes(token));
}

const filters: CommunityFilter[] = [
  { industries: [], expertise: [] },
  { searchText: 'a', industries: [], expertise: [] },
  { searchText: 'al', industries: [], expertise: [] },
  { searchText: 'ald', industries: [], expertise: [] },
  { searchText: 'alder 1', industries: [], expertise: [] },
  { searchText: 'oak_%', industries: [], expertise: [] },
  { searchText: 'élan', industries: [], expertise: [] },
  { searchText: 'works\nc', industries: [], expertise: [] },
  { searchText: 'nobody', industries: [], expertise: [] },
  { industries: ['tech', 'energy'], expertise: ['legal'] },
  { industries: [], expertise: ['growthCapital'], investments: 'yes', boardPositions: 'yes' },
  { searchText: 'ash', industries: ['eComm'], expertise: [], investments: 'yes' },
];

interface ListCase {
  name: string;
  kind: ProfileType;
  viewer: CommunityViewer | null;
  excludeId?: string;
}

const lists: ListCase[] = [
  { name: 'a company viewing experts', kind: 'expert', viewer: { kind: 'company', id: idOf('cmp', 1) } },
  { name: 'an expert viewing companies', kind: 'company', viewer: { kind: 'expert', id: idOf('exp', 1) } },
  { name: 'an expert viewing experts', kind: 'expert', viewer: null, excludeId: idOf('exp', 2) },
];

/** What the tests compare of a row: who, where it ranks, its score, when listed, and whether facets came. */
const shape = (r: Pick<CommunityRow, 'id' | 'rank' | 'score' | 'micros'> & { facets: unknown }) => [
  r.id,
  r.rank,
  r.score,
  r.micros,
  r.facets !== null,
];

describe.each(engines)('the community read model on %s', (engine: Engine) => {
  let database: Database;
  const profiles: Partial<Record<ProfileType, Plain[]>> = {};
  /** The viewer's stored pairs by counterpart (strong ones rank; a weaker one is only a score). */
  const stored = new Map<string, Map<string, number>>();

  beforeAll(async () => {
    database = await freshDatabase(engine);
    await seed(database, 'expert', 'exp');
    await seed(database, 'company', 'cmp');
    await database.query(
      `INSERT INTO match_scores (expert_id, company_id, score)
       SELECT 'exp-' || lpad(n::text, 5, '0'), 'cmp-00001', CASE WHEN n % 50 = 0 THEN 70 ELSE 80 + n % 21 END
       FROM generate_series(1, $1::int) AS n WHERE n % 4 = 0
       UNION ALL SELECT 'exp-00001', 'cmp-' || lpad(n::text, 5, '0'), 80 + n % 7
       FROM generate_series(1, $1::int) AS n WHERE n % 5 = 0 OR n < 9`,
      [N],
    );
    for (const row of await database.query<{ expert_id: string; company_id: string; score: number }>(
      'SELECT expert_id, company_id, score FROM match_scores',
    )) {
      for (const [viewer, other] of [
        [row.company_id, row.expert_id],
        [row.expert_id, row.company_id],
      ] as const) {
        stored.set(viewer, (stored.get(viewer) ?? new Map()).set(other, row.score));
      }
    }
    profiles.expert = await plainProfiles(database, 'expert');
    profiles.company = await plainProfiles(database, 'company');
  }, 120_000);
  afterAll(() => database.close());

  /** The rank of a listed member: its stored pair's score when strong, else none (-1). */
  const rankOf = (list: ListCase, id: string) => {
    const score = list.viewer ? stored.get(list.viewer.id)?.get(id) : undefined;
    return score !== undefined && score >= limits.communityScoreMinimum ? score : -1;
  };
  /** The viewer's score with every counterpart, as the packed store gives it (but every 17th when `partial`). */
  const scoresOf = (list: ListCase, partial: boolean) => {
    const all = profiles[list.kind]!.filter((_, i) => !partial || (i + 1) % 17 !== 0);
    const score = (p: Plain, i: number) =>
      list.viewer ? (stored.get(list.viewer.id)?.get(p.id) ?? (i * 37) % limits.communityScoreMinimum) : 0;
    return { ids: all.map((p) => p.id), scores: all.map(score) };
  };

  /** The whole list as the plain reading orders it, and its total. */
  function expected(
    list: ListCase,
    filter: CommunityFilter,
    held: Map<string, number> | null,
    only: boolean,
  ) {
    const matches = profiles[list.kind]!.filter(
      (p) => p.listed && p.id !== list.excludeId && passes(p, filter),
    );
    const dense = matches.length > SELECTIVE_MAX;
    const rows = matches
      .map((p) => {
        const rank = rankOf(list, p.id);
        const score = rank >= 0 ? -1 : (held?.get(p.id) ?? -1);
        return { id: p.id, rank, score, micros: p.micros };
      })
      // Unranked and without a score: listed last on a selective page, scored with its card; not on a dense one.
      .filter((r) => (only ? r.rank >= 0 : !(dense && held && r.rank < 0 && r.score < 0)))
      .sort((a, b) => b.rank - a.rank || b.score - a.score || b.micros - a.micros || (a.id < b.id ? 1 : -1))
      .map((r) => ({
        ...r,
        rank: r.rank < 0 ? null : r.rank,
        score: r.score < 0 ? null : r.score,
        facets: list.viewer && r.rank < 0 && r.score < 0 ? {} : null,
      }));
    return { rows, total: only ? rows.length : matches.length, dense: !only && dense };
  }

  for (const list of lists) {
    it(`pages ${list.name} as the plain reading orders it`, { timeout: 300_000 }, async () => {
      const rests = list.viewer ? [null, false, true] : [null];
      let densePages = 0;
      for (const filter of filters) {
        for (const partial of rests) {
          for (const only of list.viewer && partial === null ? [false, true] : [false]) {
            const scores = partial === null ? null : scoresOf(list, partial);
            const held = scores && new Map(scores.ids.map((id, i) => [id, scores.scores[i]!]));
            const want = expected(list, filter, held, only);
            const walked: unknown[] = [];
            let cursor: CommunityCursor | undefined;
            const label = `${JSON.stringify(filter)} rest ${partial} only ${only}`;
            let first = true;
            do {
              const page = await listCommunityPage(database.db, list.kind, filter, {
                strongOf: list.viewer,
                rest: scores && scoredRest(scores.ids, Uint8Array.from(scores.scores)),
                rankedOnly: only,
                excludeId: list.excludeId,
                cursor,
                limit: 50,
              });
              if (first) expect([page.total, page.dense], label).toEqual([want.total, want.dense]);
              else expect(page.total, label).toBeNull();
              if (page.dense) densePages++;
              walked.push(...page.rows.map(shape));
              const last = page.rows.at(-1);
              cursor =
                page.rows.length === 50 && last
                  ? {
                      rank: last.rank ?? -1,
                      score: last.score ?? -1,
                      micros: last.micros,
                      id: last.id,
                      dense: page.dense,
                    }
                  : undefined;
              first = false;
            } while (cursor);
            expect(walked, label).toEqual(want.rows.map(shape));
          }
        }
      }
      expect(densePages).toBeGreaterThan(0);
    });
  }
});
