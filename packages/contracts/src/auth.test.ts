import { messages } from '@intergen/domain';
import { describe, expect, it } from 'vitest';
import { SignUpBodySchema } from './auth.ts';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'correct-horse-7',
  profileType: 'expert',
};

function messageFor(body: Record<string, unknown>, field: string): string | undefined {
  const result = SignUpBodySchema.safeParse(body);
  expect(result.success).toBe(false);
  return result.error?.issues.find((i) => i.path[0] === field)?.message;
}

describe('SignUpBodySchema', () => {
  it('accepts a complete sign-up and trims the name and e-mail', () => {
    const parsed = SignUpBodySchema.parse({ ...valid, name: '  Ada  ', email: ' ada@example.com ' });
    expect(parsed).toMatchObject({ name: 'Ada', email: 'ada@example.com', profileType: 'expert' });
  });

  it('gives "All fields must be filled out" for a missing name', () => {
    const { name: _name, ...body } = valid;
    expect(messageFor(body, 'name')).toBe(messages.allFieldsRequired);
  });

  it('gives "All fields must be filled out" for a blank name, e-mail or password', () => {
    expect(messageFor({ ...valid, name: '   ' }, 'name')).toBe(messages.allFieldsRequired);
    expect(messageFor({ ...valid, email: '' }, 'email')).toBe(messages.allFieldsRequired);
    expect(messageFor({ ...valid, password: '' }, 'password')).toBe(messages.allFieldsRequired);
  });

  it('gives "You must select a profile type" for a missing or unknown type', () => {
    const { profileType: _type, ...body } = valid;
    expect(messageFor(body, 'profileType')).toBe(messages.profileTypeRequired);
    expect(messageFor({ ...valid, profileType: 'admin' }, 'profileType')).toBe(messages.profileTypeRequired);
  });
});
