import { describe, expect, it } from 'vitest';
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
import { generateCompanies, generateExperts } from './generate.ts';
import {
  packCompanies,
  packExperts,
  scoreAll,
  scoreCompanyVsExperts,
  scoreExpertVsCompanies,
} from './kernel.ts';
import { scoreMatch } from './reference.ts';

const all = <C extends string>(codes: readonly C[], value = true): Flags<C> =>
  Object.fromEntries(codes.map((c) => [c, value])) as Flags<C>;
const first = <C extends string>(codes: readonly C[], n: number): Flags<C> => all(codes.slice(0, n));

const empty: ExpertMatchFacets = {
  areasOfImprovement: null,
  experience: null,
  idealEngagement: null,
  currentStage: null,
  arrangement: null,
  businessType: null,
  investmentOpportunities: null,
  boardOpportunities: null,
};

/** Hand-made edge cases for both sides: all null, empty objects, all false, all full, single flags. */
function edgeExperts(): ExpertMatchFacets[] {
  const list: ExpertMatchFacets[] = [
    empty,
    {
      ...empty,
      areasOfImprovement: {},
      experience: {},
      idealEngagement: {},
      currentStage: {},
    },
    {
      ...empty,
      areasOfImprovement: all(areasOfImprovement.codes, false),
      experience: all(industries.codes, false),
      idealEngagement: all(connectionTypes.codes, false),
      currentStage: all(companyStages.codes, false),
      investmentOpportunities: 'no',
      boardOpportunities: 'no',
    },
    {
      areasOfImprovement: all(areasOfImprovement.codes),
      experience: all(industries.codes),
      idealEngagement: all(connectionTypes.codes),
      currentStage: all(companyStages.codes),
      arrangement: 'volunteer',
      businessType: 'B2C',
      investmentOpportunities: 'yes',
      boardOpportunities: 'yes',
    },
    { ...empty, areasOfImprovement: { notACode: true } as Flags<never>, arrangement: 'weekly' as never },
  ];
  areasOfImprovement.codes.forEach((c) => {
    list.push({ ...empty, areasOfImprovement: { [c]: true } });
  });
  industries.codes.forEach((c) => {
    list.push({ ...empty, experience: { [c]: true } });
  });
  connectionTypes.codes.forEach((c) => {
    list.push({ ...empty, idealEngagement: { [c]: true } });
  });
  companyStages.codes.forEach((c) => {
    list.push({ ...empty, currentStage: { [c]: true } });
  });
  for (const a of arrangements.codes) list.push({ ...empty, arrangement: a });
  for (const b of businessTypes.codes) list.push({ ...empty, businessType: b });
  for (const y of yesNo.codes) list.push({ ...empty, investmentOpportunities: y, boardOpportunities: y });
  return list;
}

function edgeCompanies(): CompanyMatchFacets[] {
  return edgeExperts().map((e) => ({
    ...e,
    currentStage:
      e.currentStage === null
        ? null
        : (companyStages.codes.find((c) => e.currentStage?.[c] === true) ?? null),
  }));
}

const experts = [...edgeExperts(), ...generateExperts(300, 1)];
const companies = [...edgeCompanies(), ...generateCompanies(300, 2)];
/** reference[i][j]: the reference score of expert i with company j. */
const reference = experts.map((e) => Uint8Array.from(companies, (c) => scoreMatch(e, c)));

/** The first pair where the kernel's row differs from the reference, for a readable failure. */
function firstDifference(expertIndex: number, row: Uint8Array) {
  const want = reference[expertIndex]!;
  const j = want.findIndex((score, index) => row[index] !== score);
  return j < 0
    ? null
    : { expert: experts[expertIndex], company: companies[j], kernel: row[j], reference: want[j] };
}

describe('the kernel equals the reference on every pair', () => {
  const packedExperts = packExperts(experts);
  const packedCompanies = packCompanies(companies);

  it(`scoreExpertVsCompanies (${experts.length} × ${companies.length} pairs)`, () => {
    const out = new Uint8Array(companies.length);
    experts.forEach((e, i) => {
      expect(firstDifference(i, scoreExpertVsCompanies(e, packedCompanies, out))).toBeNull();
    });
  });

  it('scoreCompanyVsExperts', () => {
    const out = new Uint8Array(experts.length);
    companies.forEach((c, j) => {
      const column = scoreCompanyVsExperts(c, packedExperts, out);
      const i = reference.findIndex((row, index) => row[j] !== column[index]);
      expect(
        i < 0 ? null : { expert: experts[i], company: c, kernel: column[i], reference: reference[i]![j] },
      ).toBeNull();
    });
  });

  it('scoreAll, expert by expert in order', () => {
    const seen: number[] = [];
    scoreAll(packedExperts, packedCompanies, (i, scores) => {
      seen.push(i);
      expect(scores).toHaveLength(companies.length);
      expect(firstDifference(i, scores)).toBeNull();
    });
    expect(seen).toEqual(experts.map((_, i) => i));
  });

  it('every reachable combination of set sizes, overlaps, stage, arrangement and business type', () => {
    // Prefix sets: a company with the first c codes and an expert with the first n share min(c, n), so
    // these cover every (total, shared) of each share part together with the three equality parts, which
    // is every sum the kernel can round.
    const sizes = (codes: readonly string[]) => Array.from({ length: codes.length + 1 }, (_, n) => n);
    const shapes: CompanyMatchFacets[] = [];
    for (const c of sizes(areasOfImprovement.codes)) {
      for (const i of sizes(industries.codes)) {
        for (const k of sizes(connectionTypes.codes)) {
          shapes.push({
            areasOfImprovement: first(areasOfImprovement.codes, c),
            experience: first(industries.codes, i),
            idealEngagement: first(connectionTypes.codes, k),
            currentStage: 'startup',
            arrangement: 'volunteer',
            businessType: 'B2B',
            investmentOpportunities: 'yes',
            boardOpportunities: 'yes',
          });
        }
      }
    }
    const people: ExpertMatchFacets[] = [];
    const counts: [number, number, number][] = [];
    for (const n of sizes(areasOfImprovement.codes)) {
      for (const m of sizes(industries.codes)) {
        for (const q of sizes(connectionTypes.codes)) {
          for (let bits = 0; bits < 8; bits++) {
            counts.push([n, m, q]);
            people.push({
              areasOfImprovement: first(areasOfImprovement.codes, n),
              experience: first(industries.codes, m),
              idealEngagement: first(connectionTypes.codes, q),
              currentStage: { startup: (bits & 1) !== 0 },
              arrangement: bits & 2 ? 'volunteer' : 'feeBased',
              businessType: bits & 4 ? 'B2B' : 'B2C',
              investmentOpportunities: (n + m) % 2 ? 'yes' : 'no',
              boardOpportunities: (m + q) % 2 ? 'yes' : 'no',
            });
          }
        }
      }
    }
    const packed = packExperts(people);
    const out = new Uint8Array(people.length);
    let compared = 0;
    for (const c of shapes) {
      const column = scoreCompanyVsExperts(c, packed, out);
      const cn = Object.keys(c.areasOfImprovement ?? {}).length;
      const ci = Object.keys(c.experience ?? {}).length;
      const ck = Object.keys(c.idealEngagement ?? {}).length;
      people.forEach((e, i) => {
        const [n, m, q] = counts[i]!;
        if (n > cn || m > ci || q > ck) return; // the same overlaps as n = cn etc.
        compared++;
        const want = scoreMatch(e, c);
        if (column[i] !== want) expect({ expert: e, company: c, kernel: column[i] }).toEqual({ want });
      });
    }
    expect(compared).toBe(91 * 105 * 15 * 8);
  });
});

describe('packing and buffers', () => {
  const packedExperts = packExperts(experts);

  it('writes into a given buffer and returns it, or a view of its first n entries', () => {
    const exact = new Uint8Array(experts.length);
    expect(scoreCompanyVsExperts(companies[40]!, packedExperts, exact)).toBe(exact);
    const larger = new Uint8Array(experts.length + 10).fill(255);
    const view = scoreCompanyVsExperts(companies[40]!, packedExperts, larger);
    expect(view).toHaveLength(experts.length);
    expect(view.buffer).toBe(larger.buffer);
    expect([...view]).toEqual([...exact]);
    expect(larger[experts.length]).toBe(255);
  });

  it('keeps packed experts and packed companies apart in the types', () => {
    const packed = packCompanies(companies.slice(0, 2));
    // @ts-expect-error packed companies are not packed experts
    const wrong: Parameters<typeof scoreCompanyVsExperts>[1] = packed;
    expect(wrong.side).toBe('companies');
    expect(packedExperts.side).toBe('experts');
  });

  it('refuses a buffer that is too small', () => {
    expect(() => scoreCompanyVsExperts(companies[0]!, packedExperts, new Uint8Array(3))).toThrow(RangeError);
  });

  it('handles empty lists', () => {
    expect(scoreCompanyVsExperts(companies[0]!, packExperts([]))).toHaveLength(0);
    expect(scoreExpertVsCompanies(experts[0]!, packCompanies([]))).toHaveLength(0);
    let calls = 0;
    scoreAll(packExperts([]), packCompanies(companies), () => calls++);
    expect(calls).toBe(0);
  });
});

describe('generators', () => {
  it('are deterministic per seed and differ between seeds', () => {
    expect(generateExperts(50, 9)).toEqual(generateExperts(50, 9));
    expect(generateCompanies(50, 9)).toEqual(generateCompanies(50, 9));
    expect(generateExperts(50, 9)).not.toEqual(generateExperts(50, 10));
  });

  it('cover the edges: nulls, false flags, and companies of every stage', () => {
    const list = generateCompanies(2000, 3);
    expect(list.some((c) => c.areasOfImprovement === null)).toBe(true);
    expect(list.some((c) => Object.values(c.experience ?? {}).includes(false))).toBe(true);
    expect(new Set(list.map((c) => c.currentStage))).toEqual(new Set([...companyStages.codes, null]));
  });
});
