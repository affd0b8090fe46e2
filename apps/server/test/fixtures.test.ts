import { sectionPatchSchemas } from '@intergen/contracts';
import { canProceed, completion, profileTypes, ruleErrors, sectionIds } from '@intergen/domain';
import { sectionsWith, validProfileData, validSections } from '@intergen/domain/testing';
import { describe, expect, it } from 'vitest';

/** The valid profile every test fills (`@intergen/domain/testing`) is valid by the contracts and by the spec. */
describe.each(profileTypes)('the shared valid %s profile', (kind) => {
  it.each(sectionIds)('passes its %s section schema and leaves the step with Next', (section) => {
    const body = validSections[kind][section];
    expect(sectionPatchSchemas[kind][section].safeParse(body).error).toBeUndefined();
    expect(canProceed(kind, section, validProfileData(kind))).toBe(true);
  });

  it('is complete with the default avatar, with no broken field rule', () => {
    const data = validProfileData(kind);
    expect(completion(kind, data).overall).toBe(100);
    expect(ruleErrors(kind, data)).toEqual({});
    expect(completion(kind, validProfileData(kind, { profileImage: null })).overall).toBeLessThan(100);
  });

  it('takes a test’s overrides field by field and keeps the rest of the section', () => {
    const sections = sectionsWith(kind, { basics: { about: 'Changed' } });
    expect(sections.basics).toEqual({ ...validSections[kind].basics, about: 'Changed' });
    expect(sections.profile).toEqual(validSections[kind].profile);
  });
});
