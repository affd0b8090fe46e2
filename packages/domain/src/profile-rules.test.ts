import { describe, expect, it } from 'vitest';
import { formatPhone, isValidPhone, normalizePhone } from './profile-rules.ts';

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
