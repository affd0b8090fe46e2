import { describe, expect, it } from 'vitest';
import { deriveProfileStatus, type ProfileStatus, type ProfileStatusFields } from './profile-status.ts';

const none: ProfileStatusFields = {
  profilePublished: false,
  profilePending: false,
  profileComplete: false,
  pausedDate: null,
  deactivatedDate: null,
  disableReason: null,
};

/** Each status in the spec's priority order, with the field that sets it. */
const flags: [ProfileStatus, Partial<ProfileStatusFields>][] = [
  ['published', { profilePublished: true }],
  ['pending', { profilePending: true }],
  ['paused', { pausedDate: Date.UTC(2024, 0, 1) }],
  ['inactive', { deactivatedDate: Date.UTC(2024, 0, 2) }],
  ['disabled', { disableReason: 'Moving on' }],
  ['complete', { profileComplete: true }],
];

const pairs = flags.flatMap(([higher, a], i) =>
  flags.slice(i + 1).map(([lower, b]) => [higher, lower, { ...none, ...a, ...b }] as const),
);

describe('deriveProfileStatus', () => {
  it('is incomplete when no flag is set', () => {
    expect(deriveProfileStatus(none)).toBe('incomplete');
  });

  it.each(flags)('is %s when only its flag is set', (status, fields) => {
    expect(deriveProfileStatus({ ...none, ...fields })).toBe(status);
  });

  it.each(pairs)('prefers %s over %s', (higher, _lower, fields) => {
    expect(deriveProfileStatus(fields)).toBe(higher);
  });

  it('is published when every flag is set', () => {
    expect(deriveProfileStatus(Object.assign({}, none, ...flags.map(([, f]) => f)))).toBe('published');
  });

  it('treats a pause date of 0 (the epoch) as paused', () => {
    expect(deriveProfileStatus({ ...none, pausedDate: 0 })).toBe('paused');
  });
});
