import {
  areasOfImprovement,
  arrangements,
  businessTypes,
  companyStages,
  connectionTypes,
  industries,
  yesNo,
} from '../profile-enums.ts';
import type { Flags } from '../profile-rules.ts';
import type { CompanyMatchFacets, ExpertMatchFacets } from './facets.ts';

/*
 * Deterministic test and benchmark data: the same seed gives the same profiles on every machine. Used by the
 * matching tests, `bench/` and the server's benchmarks; never by the application.
 */

/** A seeded generator of floats in [0, 1) (mulberry32): small, fast and deterministic; not for secrets. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

/** An integer in [min, max]. */
const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/**
 * Flags with `count` distinct codes set to true; some other codes are present as `false` (as a form leaves
 * them after unticking), which must count as unset.
 */
function flags<C extends string>(random: Random, codes: readonly C[], count: number): Flags<C> {
  const order = [...codes];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const result: Flags<C> = {};
  order.forEach((code, i) => {
    if (i < count) result[code] = true;
    else if (random() < 0.2) result[code] = false;
  });
  return result;
}

/** A set of a plausible size, or (rarely) null or of any size, so the edges are exercised too. */
function someFlags<C extends string>(random: Random, codes: readonly C[], min: number, max: number) {
  const r = random();
  if (r < 0.03) return null;
  if (r < 0.1) return flags(random, codes, between(random, 0, codes.length));
  return flags(random, codes, between(random, min, max));
}

function someCode<C extends string>(random: Random, codes: readonly C[]): C | null {
  return random() < 0.05 ? null : pick(random, codes);
}

/** `n` experts from `seed`: typically 1–6 areas, 1–4 industries, 1–3 kinds of engagement, 1–3 stages. */
export function generateExperts(n: number, seed: number): ExpertMatchFacets[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => ({
    areasOfImprovement: someFlags(random, areasOfImprovement.codes, 1, 6),
    experience: someFlags(random, industries.codes, 1, 4),
    idealEngagement: someFlags(random, connectionTypes.codes, 1, 3),
    currentStage: someFlags(random, companyStages.codes, 1, 3),
    arrangement: someCode(random, arrangements.codes),
    businessType: someCode(random, businessTypes.codes),
    investmentOpportunities: someCode(random, yesNo.codes),
    boardOpportunities: someCode(random, yesNo.codes),
  }));
}

/** `n` companies from `seed`: typically 1–3 areas (the form's limit), 1–3 industries, 1–2 kinds, one stage. */
export function generateCompanies(n: number, seed: number): CompanyMatchFacets[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => ({
    areasOfImprovement: someFlags(random, areasOfImprovement.codes, 1, 3),
    experience: someFlags(random, industries.codes, 1, 3),
    idealEngagement: someFlags(random, connectionTypes.codes, 1, 2),
    currentStage: someCode(random, companyStages.codes),
    arrangement: someCode(random, arrangements.codes),
    businessType: someCode(random, businessTypes.codes),
    investmentOpportunities: someCode(random, yesNo.codes),
    boardOpportunities: someCode(random, yesNo.codes),
  }));
}
