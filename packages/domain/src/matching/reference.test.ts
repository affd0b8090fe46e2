import { describe, expect, it } from 'vitest';
import type { AreaOfImprovement } from '../profile-enums.ts';
import type { Flags } from '../profile-rules.ts';
import { matchPartLabels } from '../texts/matching.ts';
import type { CompanyMatchFacets, ExpertMatchFacets, MatchPartKey } from './facets.ts';
import { matchPartKeys, matchWeights } from './facets.ts';
import { generateCompanies, generateExperts } from './generate.ts';
import { explainMatch, scoreMatch } from './reference.ts';

const noExpert: ExpertMatchFacets = {
  areasOfImprovement: null,
  experience: null,
  idealEngagement: null,
  currentStage: null,
  arrangement: null,
  businessType: null,
  investmentOpportunities: null,
  boardOpportunities: null,
};
const noCompany: CompanyMatchFacets = { ...noExpert, currentStage: null };
const expert = (p: Partial<ExpertMatchFacets>): ExpertMatchFacets => ({ ...noExpert, ...p });
const company = (p: Partial<CompanyMatchFacets>): CompanyMatchFacets => ({ ...noCompany, ...p });

/** Explains and checks that scoreMatch agrees; returns the explanation. */
function explain(e: ExpertMatchFacets, c: CompanyMatchFacets) {
  const result = explainMatch(e, c);
  expect(scoreMatch(e, c)).toBe(result.score);
  return result;
}
const part = (e: ExpertMatchFacets, c: CompanyMatchFacets, key: MatchPartKey) =>
  explain(e, c).parts.find((p) => p.part === key)!;

const full: ExpertMatchFacets = {
  areasOfImprovement: { growthCapital: true, legal: true, marketExpansion: true },
  experience: { tech: true, energy: true },
  idealEngagement: { mentor: true, advice: true },
  currentStage: { scaling: true, startup: true },
  arrangement: 'feeBased',
  businessType: 'B2B',
  investmentOpportunities: 'yes',
  boardOpportunities: 'yes',
};
const fullCompany: CompanyMatchFacets = {
  areasOfImprovement: { growthCapital: true, legal: true },
  experience: { tech: true },
  idealEngagement: { advice: true },
  currentStage: 'scaling',
  arrangement: 'feeBased',
  businessType: 'B2B',
  investmentOpportunities: 'yes',
  boardOpportunities: 'yes',
};

describe('explainMatch', () => {
  it('lists every part in display order with its label and weight, all zero for empty profiles', () => {
    const result = explain(noExpert, noCompany);
    expect(result.score).toBe(0);
    expect(result.parts.map((p) => p.part)).toEqual(matchPartKeys);
    for (const p of result.parts) {
      expect(p.label).toBe(matchPartLabels[p.part]);
      expect(p.weight).toBe(matchWeights[p.part]);
      expect(p.points).toBe(0);
      expect(p.shared).toEqual([]);
    }
    expect(result.parts.map((p) => p.weight)).toEqual([40, 25, 15, 10, 5, 5, 5, 5]);
  });

  it('scores needs as the share of the company’s areas the expert offers, shared items in display order', () => {
    const p = part(
      expert({ areasOfImprovement: { legal: true, growthCapital: true, marketExpansion: true } }),
      company({ areasOfImprovement: { legal: true, productDevelopment: true, growthCapital: true } }),
      'needs',
    );
    expect(p.points).toBe((40 * 2) / 3);
    expect(p.shared).toEqual([
      { code: 'growthCapital', label: 'Growth Capital' },
      { code: 'legal', label: 'Legal' },
    ]);
    expect(
      explain(
        expert({ areasOfImprovement: { legal: true, growthCapital: true } }),
        company({ areasOfImprovement: { legal: true, productDevelopment: true, growthCapital: true } }),
      ).score,
    ).toBe(27);
  });

  it('scores industry and engagement by the same share rule', () => {
    const industry = part(
      expert({ experience: { tech: true, financial: true } }),
      company({ experience: { tech: true, energy: true } }),
      'industry',
    );
    expect(industry.points).toBe(12.5);
    expect(industry.shared).toEqual([{ code: 'tech', label: 'Technology' }]);

    const engagement = part(
      expert({ idealEngagement: { mentor: true, talent: true } }),
      company({ idealEngagement: { handsOn: true, mentor: true, advice: true } }),
      'engagement',
    );
    expect(engagement.points).toBe(5);
    expect(engagement.shared).toEqual([{ code: 'mentor', label: 'Mentor' }]);
  });

  it('gives 0 for an empty company set, an empty expert set, null and false flags', () => {
    const cases: [Flags<AreaOfImprovement> | null, Flags<AreaOfImprovement> | null][] = [
      [null, null],
      [{ legal: true }, null],
      [null, { legal: true }],
      [{}, { legal: true }],
      [{ legal: true }, {}],
      [{ legal: false }, { legal: true }],
      [{ legal: true }, { legal: false }],
      [{ legal: false }, { legal: false }],
    ];
    for (const [e, c] of cases) {
      const p = part(expert({ areasOfImprovement: e }), company({ areasOfImprovement: c }), 'needs');
      expect(p.points).toBe(0);
      expect(p.shared).toEqual([]);
    }
    // A false flag does not count in the company's total either: 1 of 1, not 1 of 2.
    expect(
      part(
        expert({ areasOfImprovement: { legal: true } }),
        company({ areasOfImprovement: { legal: true, growthCapital: false } }),
        'needs',
      ).points,
    ).toBe(40);
  });

  it('ignores keys that are not codes of the enumeration', () => {
    const odd = { legal: true, notACode: true } as Flags<AreaOfImprovement>;
    expect(
      part(expert({ areasOfImprovement: odd }), company({ areasOfImprovement: odd }), 'needs').points,
    ).toBe(40);
    const unknown = expert({ arrangement: 'weekly' as never });
    expect(part(unknown, company({ arrangement: 'weekly' as never }), 'arrangement').points).toBe(0);
  });

  it('scores the stage when the company’s stage is among the expert’s', () => {
    const e = expert({ currentStage: { scaling: true, startup: false } });
    expect(part(e, company({ currentStage: 'scaling' }), 'stage')).toMatchObject({
      points: 10,
      shared: [{ code: 'scaling', label: 'Scaling' }],
    });
    expect(part(e, company({ currentStage: 'startup' }), 'stage').points).toBe(0);
    expect(part(e, company({ currentStage: null }), 'stage').points).toBe(0);
    expect(part(noExpert, company({ currentStage: 'scaling' }), 'stage').points).toBe(0);
  });

  it('scores arrangement and business type when both are set and equal', () => {
    expect(
      part(expert({ arrangement: 'volunteer' }), company({ arrangement: 'volunteer' }), 'arrangement'),
    ).toMatchObject({ points: 5, shared: [{ code: 'volunteer', label: 'Volunteer' }] });
    expect(
      part(expert({ arrangement: 'feeBased' }), company({ arrangement: 'volunteer' }), 'arrangement').points,
    ).toBe(0);
    expect(part(noExpert, noCompany, 'arrangement').points).toBe(0);
    expect(
      part(expert({ businessType: 'B2C' }), company({ businessType: 'B2C' }), 'businessType'),
    ).toMatchObject({ points: 5, shared: [{ code: 'B2C', label: 'B2C' }] });
    expect(
      part(expert({ businessType: 'B2B' }), company({ businessType: 'B2C' }), 'businessType').points,
    ).toBe(0);
  });

  it('adds 5 for each opportunity both say yes to', () => {
    const both = explain(
      expert({ investmentOpportunities: 'yes', boardOpportunities: 'yes' }),
      company({ investmentOpportunities: 'yes', boardOpportunities: 'yes' }),
    );
    expect(both.score).toBe(10);
    expect(both.parts.find((p) => p.part === 'investment')).toMatchObject({
      points: 5,
      shared: [{ code: 'yes', label: 'Yes' }],
    });
    expect(
      explain(
        expert({ investmentOpportunities: 'yes', boardOpportunities: 'no' }),
        company({ investmentOpportunities: 'yes', boardOpportunities: 'yes' }),
      ).score,
    ).toBe(5);
    expect(
      explain(expert({ investmentOpportunities: 'no' }), company({ investmentOpportunities: 'no' })).score,
    ).toBe(0);
  });

  it('adds the bonuses after rounding and caps the score at 100', () => {
    const result = explain(full, fullCompany);
    expect(result.parts.map((p) => p.points)).toEqual([40, 25, 15, 10, 5, 5, 5, 5]);
    expect(result.score).toBe(100);
    expect(explain({ ...full, boardOpportunities: 'no' }, fullCompany).score).toBe(100);
    // 12.5 rounds up to 13, then the bonus: 18.
    expect(
      explain(
        expert({ experience: { tech: true }, investmentOpportunities: 'yes' }),
        company({ experience: { tech: true, energy: true }, investmentOpportunities: 'yes' }),
      ).score,
    ).toBe(18);
  });

  it('rounds the sum of the parts, not each part', () => {
    // 40/3 + 25/3 = 21.67 → 22 (rounding each part would give 13 + 8 = 21).
    const e = expert({ areasOfImprovement: { legal: true }, experience: { tech: true } });
    const c = company({
      areasOfImprovement: { legal: true, growthCapital: true, productDevelopment: true },
      experience: { tech: true, energy: true, edu: true },
    });
    expect(explain(e, c).score).toBe(22);
    // 25/2 + 15/2 = 20 exactly; 12.5 + 3.75 = 16.25 → 16.
    expect(
      explain(
        expert({ experience: { tech: true }, idealEngagement: { mentor: true } }),
        company({ experience: { tech: true, edu: true }, idealEngagement: { mentor: true, talent: true } }),
      ).score,
    ).toBe(20);
    expect(
      explain(
        expert({ experience: { tech: true }, idealEngagement: { mentor: true } }),
        company({
          experience: { tech: true, edu: true },
          idealEngagement: { mentor: true, talent: true, advice: true, handsOn: true },
        }),
      ).score,
    ).toBe(16);
  });
});

describe('scoreMatch', () => {
  it('equals explainMatch().score on a generated population', () => {
    const experts = generateExperts(120, 11);
    const companies = generateCompanies(120, 12);
    for (const e of experts) {
      for (const c of companies) {
        const score = scoreMatch(e, c);
        expect(score).toBe(explainMatch(e, c).score);
        expect(Number.isInteger(score) && score >= 0 && score <= 100).toBe(true);
      }
    }
  });
});
