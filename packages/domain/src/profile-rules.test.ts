import { describe, expect, it } from 'vitest';
import { completion, formatPhone, isValidPhone, normalizePhone, ruleErrors } from './profile-rules.ts';
import { fieldMessages } from './texts/profiles.ts';

describe('phone numbers', () => {
  it('are stored as ten digits, a leading US country code dropped', () => {
    expect(normalizePhone('+1 (555) 123-4567')).toBe('5551234567');
    expect(normalizePhone('555.123.4567')).toBe('5551234567');
    expect(isValidPhone('(555) 123-4567')).toBe(true);
    expect(isValidPhone('555-1234')).toBe(false);
    expect(isValidPhone('555 123 4567 ext')).toBe(false);
  });

  it('show ten digits as (555) 123-4567 and anything else as stored', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });
});

describe('completion', () => {
  it('does not count a value that breaks its field rule as filled', () => {
    const basics = {
      jobTitle: 'CEO',
      companyName: 'Acme',
      companySize: 12,
      yearsInBusiness: 3,
      website: 'https://acme.example.com',
      revenue: 'revenueMoreThanTen',
      capital: 'capitalMoreThanTen',
      interGenData: { event: true },
      phone: '5551234567',
      linkedin: 'https://www.linkedin.com/company/acme',
    } as const;
    expect(completion('company', basics).sections.basics).toBe(100);
    expect(completion('company', { ...basics, companySize: 0 }).sections.basics).toBe(90);
    expect(ruleErrors('company', { ...basics, companySize: 0, yearsInBusiness: -1 })).toEqual({
      companySize: fieldMessages.teamSizePositive,
      yearsInBusiness: fieldMessages.yearsNegative,
    });
  });
});
