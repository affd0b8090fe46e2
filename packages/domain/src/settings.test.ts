import { describe, expect, it } from 'vitest';
import { newChangesPopupReleasedAt } from './interface-rules.ts';
import {
  communityTabByDefault,
  defaultNewChangesPopup,
  isHttpsUrl,
  isIsoDay,
  isoDayToMs,
  isSupportEmail,
  msToIsoDay,
  settingsLimits,
} from './settings.ts';

describe('a survey form address', () => {
  it('is an absolute https address with a host', () => {
    expect(isHttpsUrl('https://forms.example.com/expert?embedded=true')).toBe(true);
    expect(isHttpsUrl('https://docs.google.com/forms/d/e/abc/viewform')).toBe(true);
  });

  it('is refused over http, with another scheme, relative, with credentials, spaces or past the length limit', () => {
    expect(isHttpsUrl('http://forms.example.com/expert')).toBe(false);
    expect(isHttpsUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpsUrl('data:text/html,hi')).toBe(false);
    expect(isHttpsUrl('/survey')).toBe(false);
    expect(isHttpsUrl('forms.example.com')).toBe(false);
    expect(isHttpsUrl('https://user:secret@forms.example.com/')).toBe(false);
    expect(isHttpsUrl('https://forms.example.com/a b')).toBe(false);
    expect(isHttpsUrl(`https://forms.example.com/${'a'.repeat(settingsLimits.urlMax)}`)).toBe(false);
  });
});

describe('a release date', () => {
  it('is a real calendar day written YYYY-MM-DD', () => {
    expect(isIsoDay('2026-11-23')).toBe(true);
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2027-02-29')).toBe(false);
    expect(isIsoDay('2026-04-31')).toBe(false);
    expect(isIsoDay('2026-11-23T00:00:00Z')).toBe(false);
    expect(isIsoDay('23/11/2026')).toBe(false);
    expect(isIsoDay('1999-12-31')).toBe(false);
  });

  it('is midnight UTC of its day, and back', () => {
    expect(isoDayToMs('2026-11-23')).toBe(newChangesPopupReleasedAt);
    expect(msToIsoDay(newChangesPopupReleasedAt + 5 * 60 * 60 * 1000)).toBe('2026-11-23');
    expect(defaultNewChangesPopup.releaseDate).toBe('2026-11-23');
  });
});

describe('the settings’ other rules', () => {
  it('take a well-formed support address only', () => {
    expect(isSupportEmail('help@intergen.example')).toBe(true);
    expect(isSupportEmail('help@intergen')).toBe(false);
    expect(isSupportEmail('help@intergen.example\nBcc: x@y.z')).toBe(false);
  });

  it('have the community tab on in production only, unless set', () => {
    expect(communityTabByDefault('production')).toBe(true);
    expect(communityTabByDefault('staging')).toBe(false);
    expect(communityTabByDefault('development')).toBe(false);
  });
});
