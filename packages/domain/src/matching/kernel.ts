import {
  areasOfImprovement,
  arrangements,
  businessTypes,
  companyStages,
  connectionTypes,
  industries,
} from '../profile-enums.ts';
import type { CompanyMatchFacets, ExpertMatchFacets } from './facets.ts';
import { matchScoreMax, matchWeights } from './facets.ts';
import { sharePoints } from './reference.ts';

/*
 * The scoring kernel: the same formula as the reference scorer (reference.ts), over profiles packed into
 * typed arrays, struct of arrays, two 32-bit words per profile:
 *
 *   sets   bits  0–11  areas of improvement (12 codes)
 *          bits 12–24  industries / experience (13 codes)
 *          bits 25–28  connection types / ideal engagement (4 codes)
 *   traits bits  0–3   stages (expert: a set; company: one bit or none)
 *          bits  4–5   arrangement (0 unset, 1 + index of the code)
 *          bits  6–7   business type (0 unset, 1 + index of the code)
 *          bit   8     investment opportunities = yes
 *          bit   9     board opportunities = yes
 *
 * Shared items are `company & expert` of the sets word; their counts come from a 13-bit popcount table.
 * The share points come from tables filled with `sharePoints`, the reference's own expression, indexed by
 * (company count << 4 | shared count), and are added in the reference's order, so every score is identical
 * to the reference's bit for bit. The inner loops allocate nothing.
 */

const INDUSTRY_SHIFT = 12;
const ENGAGEMENT_SHIFT = 25;
const NEEDS_MASK = 0xfff;
const INDUSTRY_MASK = 0x1fff;

const STAGE_MASK = 0xf;
const ARRANGEMENT_SHIFT = 4;
const ARRANGEMENT_MASK = 0x3 << ARRANGEMENT_SHIFT;
const BUSINESS_SHIFT = 6;
const BUSINESS_MASK = 0x3 << BUSINESS_SHIFT;
const INVESTMENT_SHIFT = 8;
const INVESTMENT_BIT = 1 << INVESTMENT_SHIFT;
const BOARD_SHIFT = 9;
const BOARD_BIT = 1 << BOARD_SHIFT;

/** Popcount of every 13-bit value. */
const POP = new Uint8Array(1 << 13);
for (let i = 1; i < POP.length; i++) POP[i] = (i & 1) + POP[i >> 1]!;

/** `weight * shared / total` at index `total << 4 | shared`. */
function shareTable(weight: number, maxTotal: number): Float64Array {
  const table = new Float64Array((maxTotal + 1) << 4);
  for (let total = 0; total <= maxTotal; total++) {
    for (let shared = 0; shared <= total; shared++) {
      table[(total << 4) | shared] = sharePoints(weight, shared, total);
    }
  }
  return table;
}
const NEEDS_POINTS = shareTable(matchWeights.needs, areasOfImprovement.codes.length);
const INDUSTRY_POINTS = shareTable(matchWeights.industry, industries.codes.length);
const ENGAGEMENT_POINTS = shareTable(matchWeights.engagement, connectionTypes.codes.length);
const STAGE_POINTS = matchWeights.stage;
const ARRANGEMENT_POINTS = matchWeights.arrangement;
const BUSINESS_POINTS = matchWeights.businessType;
const INVESTMENT_POINTS = matchWeights.investment;
const BOARD_POINTS = matchWeights.board;
const MAX = matchScoreMax;

/** Experts packed for the kernel: two words per expert (see the layout above). Index i is `list[i]`. */
export interface PackedExperts {
  readonly side: 'experts';
  readonly length: number;
  readonly sets: Uint32Array;
  readonly traits: Uint32Array;
}

/** Companies packed for the kernel; `keys` holds each company's table offsets (its set sizes << 4). */
export interface PackedCompanies {
  readonly side: 'companies';
  readonly length: number;
  readonly sets: Uint32Array;
  readonly traits: Uint32Array;
  /** bits 0–7: needs count << 4; bits 8–15: industry count << 4; bits 16–23: engagement count << 4. */
  readonly keys: Uint32Array;
}

/** Each code's bit in its group's mask. */
function bitIndex(codes: readonly string[]): ReadonlyMap<string, number> {
  return new Map(codes.map((code, i) => [code, 1 << i]));
}
const AREA_BITS = bitIndex(areasOfImprovement.codes);
const INDUSTRY_BITS = bitIndex(industries.codes);
const CONNECTION_BITS = bitIndex(connectionTypes.codes);
const STAGE_BITS = bitIndex(companyStages.codes);

/**
 * The mask of the codes flagged `true`. Walks the object's keys rather than every code of the enumeration:
 * several times faster on profiles that hold a few flags. Flags objects are plain objects (JSON), so their
 * keys are exactly the properties the reference reads; keys that are not codes add nothing.
 */
function bits(index: ReadonlyMap<string, number>, flags: object | null | undefined): number {
  let mask = 0;
  if (flags) {
    const record = flags as Record<string, unknown>;
    for (const key in record) if (record[key] === true) mask |= index.get(key) ?? 0;
  }
  return mask;
}

/** 1 + the code's index, or 0 when unset or not a code. */
function codeNumber(codes: readonly string[], code: string | null | undefined): number {
  return code == null ? 0 : codes.indexOf(code) + 1;
}

function setsWord(p: ExpertMatchFacets | CompanyMatchFacets): number {
  return (
    (bits(AREA_BITS, p.areasOfImprovement) |
      (bits(INDUSTRY_BITS, p.experience) << INDUSTRY_SHIFT) |
      (bits(CONNECTION_BITS, p.idealEngagement) << ENGAGEMENT_SHIFT)) >>>
    0
  );
}

function commonTraits(p: ExpertMatchFacets | CompanyMatchFacets): number {
  return (
    (codeNumber(arrangements.codes, p.arrangement) << ARRANGEMENT_SHIFT) |
    (codeNumber(businessTypes.codes, p.businessType) << BUSINESS_SHIFT) |
    (p.investmentOpportunities === 'yes' ? INVESTMENT_BIT : 0) |
    (p.boardOpportunities === 'yes' ? BOARD_BIT : 0)
  );
}

function expertTraits(e: ExpertMatchFacets): number {
  return commonTraits(e) | bits(STAGE_BITS, e.currentStage);
}

function companyTraits(c: CompanyMatchFacets): number {
  const stage = codeNumber(companyStages.codes, c.currentStage);
  return commonTraits(c) | (stage === 0 ? 0 : 1 << (stage - 1));
}

/** The table offsets of a company's sets word: each set's size << 4. */
function companyKey(sets: number): number {
  return (
    (POP[sets & NEEDS_MASK]! << 4) |
    (POP[(sets >>> INDUSTRY_SHIFT) & INDUSTRY_MASK]! << 12) |
    (POP[sets >>> ENGAGEMENT_SHIFT]! << 20)
  );
}

/** Packs experts once for many scorings; pack again after a change (a few microseconds a profile). */
export function packExperts(list: readonly ExpertMatchFacets[]): PackedExperts {
  const sets = new Uint32Array(list.length);
  const traits = new Uint32Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const e = list[i]!;
    sets[i] = setsWord(e);
    traits[i] = expertTraits(e);
  }
  return { side: 'experts', length: list.length, sets, traits };
}

/** Packs companies once for many scorings. */
export function packCompanies(list: readonly CompanyMatchFacets[]): PackedCompanies {
  const sets = new Uint32Array(list.length);
  const traits = new Uint32Array(list.length);
  const keys = new Uint32Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const c = list[i]!;
    sets[i] = setsWord(c);
    traits[i] = companyTraits(c);
    keys[i] = companyKey(sets[i]!);
  }
  return { side: 'companies', length: list.length, sets, traits, keys };
}

function output(out: Uint8Array | undefined, n: number): Uint8Array {
  if (!out) return new Uint8Array(n);
  if (out.length < n) throw new RangeError(`The output buffer holds ${out.length} scores; ${n} are needed`);
  return out.length === n ? out : out.subarray(0, n);
}

/** 1 when `v` (a non-negative int32) is non-zero, else 0; without a branch. */
const nonZero = (v: number) => (v | -v) >>> 31;
/** 1 when `v` (a non-negative int32) is zero, else 0; without a branch. */
const isZero = (v: number) => (v - 1) >>> 31;

/** min(score, 100) for every score the kernel can reach before the cap. */
const CAP = new Uint8Array(MAX + INVESTMENT_POINTS + BOARD_POINTS + 1);
for (let s = 0; s < CAP.length; s++) CAP[s] = Math.min(s, MAX);

/**
 * The score of one pair from its packed words: `x` = company sets & expert sets, `ck` the company's key,
 * `ct` and `et` the traits. Small enough for the JIT to inline into the loops below.
 *
 * Branch-free on purpose: with real data the conditions are unpredictable, and mispredicted branches cost
 * more than all the arithmetic. Adding `points * 0` adds exactly 0, so the sums equal the reference's.
 *
 * `(base + 0.5) | 0` equals `Math.round(base)` here and is several times faster: base is 0 or at least
 * 25/13 (no part adds less), and for a double x ≥ 0.5 the sum x + 0.5 is exact or rounds to a value with the
 * same floor, so floor(x + 0.5) is the round-half-up that `Math.round` computes. The tests check every
 * reachable combination against the reference.
 */
function pairScore(x: number, ck: number, ct: number, et: number): number {
  const both = ct & et;
  const differ = ct ^ et;
  let base = NEEDS_POINTS[(ck & 0xff) | POP[x & NEEDS_MASK]!]!;
  base += INDUSTRY_POINTS[((ck >>> 8) & 0xff) | POP[(x >>> INDUSTRY_SHIFT) & INDUSTRY_MASK]!]!;
  base += ENGAGEMENT_POINTS[(ck >>> 16) | POP[x >>> ENGAGEMENT_SHIFT]!]!;
  base += STAGE_POINTS * nonZero(both & STAGE_MASK);
  base += ARRANGEMENT_POINTS * (isZero(differ & ARRANGEMENT_MASK) & nonZero(ct & ARRANGEMENT_MASK));
  base += BUSINESS_POINTS * (isZero(differ & BUSINESS_MASK) & nonZero(ct & BUSINESS_MASK));
  const score =
    ((base + 0.5) | 0) +
    INVESTMENT_POINTS * ((both >>> INVESTMENT_SHIFT) & 1) +
    BOARD_POINTS * ((both >>> BOARD_SHIFT) & 1);
  return CAP[score]!;
}

function scoreWordsVsExperts(
  cs: number,
  ck: number,
  ct: number,
  experts: PackedExperts,
  out: Uint8Array,
): void {
  const sets = experts.sets;
  const traits = experts.traits;
  const n = experts.length;
  for (let i = 0; i < n; i++) out[i] = pairScore(cs & sets[i]!, ck, ct, traits[i]!);
}

function scoreWordsVsCompanies(es: number, et: number, companies: PackedCompanies, out: Uint8Array): void {
  const sets = companies.sets;
  const traits = companies.traits;
  const keys = companies.keys;
  const n = companies.length;
  for (let j = 0; j < n; j++) out[j] = pairScore(es & sets[j]!, keys[j]!, traits[j]!, et);
}

/**
 * The company's score with every packed expert: `out[i]` is the score with expert `i`. Pass `out` to reuse
 * a buffer: one of exactly `experts.length` is filled and returned, a longer one is filled from the start
 * and a view of that part returned, a shorter one is refused (RangeError).
 */
export function scoreCompanyVsExperts(
  company: CompanyMatchFacets,
  experts: PackedExperts,
  out?: Uint8Array,
): Uint8Array {
  const result = output(out, experts.length);
  const cs = setsWord(company);
  scoreWordsVsExperts(cs, companyKey(cs), companyTraits(company), experts, result);
  return result;
}

/** The expert's score with every packed company: `out[j]` is the score with company `j`; `out` as above. */
export function scoreExpertVsCompanies(
  expert: ExpertMatchFacets,
  companies: PackedCompanies,
  out?: Uint8Array,
): Uint8Array {
  const result = output(out, companies.length);
  scoreWordsVsCompanies(setsWord(expert), expertTraits(expert), companies, result);
  return result;
}

/**
 * Every pair, expert by expert: `onExpert(i, scores)` gets expert `i`'s scores with every company. The
 * `scores` buffer is reused for the next expert: copy what you keep.
 */
export function scoreAll(
  experts: PackedExperts,
  companies: PackedCompanies,
  onExpert: (expertIndex: number, scores: Uint8Array) => void,
): void {
  const scores = new Uint8Array(companies.length);
  for (let i = 0; i < experts.length; i++) {
    scoreWordsVsCompanies(experts.sets[i]!, experts.traits[i]!, companies, scores);
    onExpert(i, scores);
  }
}
