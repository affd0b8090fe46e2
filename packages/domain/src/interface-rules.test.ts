import { describe, expect, it } from 'vitest';
import {
  carouselSlidesPerView,
  newChangesPopupDue,
  newChangesPopupReleasedAt,
  newChangesPopupSeen,
} from './interface-rules.ts';

describe('carouselSlidesPerView', () => {
  it('shows one card below 650 px, two from 650 and three from 930', () => {
    expect(carouselSlidesPerView(375, true)).toBe(1);
    expect(carouselSlidesPerView(649, true)).toBe(1);
    expect(carouselSlidesPerView(650, true)).toBe(2);
    expect(carouselSlidesPerView(929, false)).toBe(2);
    expect(carouselSlidesPerView(930, false)).toBe(3);
    expect(carouselSlidesPerView(1233, true)).toBe(3);
  });

  it('shows four from 1234 px only when the community tab is on, otherwise at most three', () => {
    expect(carouselSlidesPerView(1234, true)).toBe(4);
    expect(carouselSlidesPerView(1920, true)).toBe(4);
    expect(carouselSlidesPerView(1234, false)).toBe(3);
    expect(carouselSlidesPerView(1920, false)).toBe(3);
  });
});

describe('the version-change popup', () => {
  const before = newChangesPopupReleasedAt - 24 * 60 * 60 * 1000;
  const after = newChangesPopupReleasedAt + 60 * 1000;
  const later = newChangesPopupReleasedAt + 7 * 24 * 60 * 60 * 1000;

  it('is due once for a member published before the release', () => {
    expect(newChangesPopupDue(before, false, newChangesPopupReleasedAt, later)).toBe(true);
    expect(newChangesPopupDue(before, true, newChangesPopupReleasedAt, later)).toBe(false);
  });

  it('is never due for a member published since, or never published', () => {
    expect(newChangesPopupDue(after, false, newChangesPopupReleasedAt, later)).toBe(false);
    expect(newChangesPopupDue(null, false, newChangesPopupReleasedAt, later)).toBe(false);
  });
});

describe('the version-change popup of a release set in settings', () => {
  const release = Date.UTC(2027, 2, 1);
  const before = release - 24 * 60 * 60 * 1000;

  it('is due only from its release date on', () => {
    expect(newChangesPopupDue(before, false, release, release - 1)).toBe(false);
    expect(newChangesPopupDue(before, false, release, release)).toBe(true);
  });

  it('shows again after a later release to a browser that saw an earlier one', () => {
    expect(newChangesPopupSeen(null, release)).toBe(false);
    expect(newChangesPopupSeen(String(release - 1), release)).toBe(false);
    expect(newChangesPopupSeen(String(release), release)).toBe(true);
    expect(newChangesPopupSeen(String(release + 1), release)).toBe(true);
    // `true` was written before releases were told apart: it stands for the first one.
    expect(newChangesPopupSeen('true', newChangesPopupReleasedAt)).toBe(true);
    expect(newChangesPopupSeen('true', release)).toBe(false);
    expect(newChangesPopupSeen('garbage', release)).toBe(false);
  });
});
