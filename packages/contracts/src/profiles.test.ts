import { type ProfileType, type SectionId, sectionFields, sectionIds } from '@intergen/domain';
import { describe, expect, it } from 'vitest';
import { SectionPatchSchema, sectionPatchSchemas } from './profiles.ts';

const roles: ProfileType[] = ['expert', 'company'];

describe('the section schemas of the profile wizard', () => {
  it('take exactly the fields a section edits, without the picture', () => {
    for (const role of roles) {
      for (const section of sectionIds) {
        const expected = sectionFields[role][section].filter((f) => f !== 'profileImage');
        expect(Object.keys(sectionPatchSchemas[role][section].shape)).toEqual(expected);
      }
    }
  });

  it('accept part of a section, or nothing, as autosave sends it', () => {
    const schema = sectionPatchSchemas.company.basics;
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ companySize: 12 })).toEqual({ companySize: 12 });
    expect(schema.parse({ slogan: null })).toEqual({ slogan: null });
  });

  it('refuse a field of another section, of the other role, unknown or the picture, each by its name', () => {
    const check = (role: ProfileType, section: SectionId, body: Record<string, unknown>) =>
      sectionPatchSchemas[role][section].safeParse(body).error?.issues;
    expect(check('expert', 'basics', { experience: { tech: true } })).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: ['experience'], path: [] }),
    ]);
    expect(check('expert', 'basics', { companyName: 'Acme', favouriteColour: 'blue' })).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: ['companyName', 'favouriteColour'] }),
    ]);
    expect(check('company', 'extras', { profileImage: { url: '/x.png', name: 'x' } })).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: ['profileImage'] }),
    ]);
  });

  it('refuse a value of the wrong type at its field, the role deciding the type', () => {
    const expertStage = sectionPatchSchemas.expert.profile.safeParse({ currentStage: 'startup' });
    expect(expertStage.error?.issues.map((i) => i.path)).toEqual([['currentStage']]);
    expect(sectionPatchSchemas.company.profile.parse({ currentStage: 'startup' })).toEqual({
      currentStage: 'startup',
    });
    const wrong = sectionPatchSchemas.company.basics.safeParse({ companySize: 'twelve', slogan: 7 });
    expect(wrong.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['companySize'], 'Invalid input: expected number, received string'],
      [['slogan'], 'Invalid input: expected string, received number'],
    ]);
  });

  it('document the wire body as any one section of either role', () => {
    expect(SectionPatchSchema.safeParse({ companyName: 'Acme', slogan: 'Robots' }).success).toBe(true);
    expect(
      SectionPatchSchema.safeParse({ interests: { investingConsideringOpportunities: true } }).success,
    ).toBe(true);
    expect(SectionPatchSchema.safeParse({ phone: '555', experience: {} }).success).toBe(false);
    expect(SectionPatchSchema.safeParse({ favouriteColour: 'blue' }).success).toBe(false);
  });
});
