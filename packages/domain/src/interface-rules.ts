/**
 * Rules of the interface that are not words (their words are in texts/): the timings and the carousel's width
 * steps of spec 001 §9, and when the version-change popup is due (spec 000 §2).
 */

/** The interface timings of spec 001 §9 (and the send timeout). */
export const connectionTimings = {
  /** A send that has not answered after this long fails with the `Something went wrong!` dialog. */
  sendRequestTimeoutMs: 10_000,
  /** The pending banner clears after this long, and the sent suggestion leaves the recommendations. */
  pendingBannerMs: 5000,
  /** After an accept is answered, the loader waits at most this long for the refreshed lists. */
  acceptLoadingMs: 1000,
  /** A declined or cleared card fades out for this long before it is removed. */
  listRemovalMs: 500,
} as const;

/**
 * How many cards a dashboard carousel shows side by side for a window `width` px wide (spec 001 §9): 1 below
 * 650, 2 from 650, 3 from 930, and 4 from 1234 only when the community-tab flag is on (else at most 3).
 */
export function carouselSlidesPerView(width: number, communityTab: boolean): number {
  if (width >= 1234 && communityTab) return 4;
  if (width >= 930) return 3;
  if (width >= 650) return 2;
  return 1;
}

/**
 * The local-storage key that remembers the version-change popup was seen (spec 001 §9). It holds the time (ms
 * since the epoch) the browser last took the news in: the popup, or finishing the wizard. A browser that took it
 * in before the time was kept holds `true`, which stands for the first release.
 */
export const newChangesPopupStorageKey = 'hasSeenNewChangesPopup';

/** When this version came out: the default release date of the version-change popup (admins change it in settings). */
export const newChangesPopupReleasedAt = Date.UTC(2026, 10, 23);

/** Whether a browser holding `stored` (`newChangesPopupStorageKey`) has seen the news of the release at `releasedAt`. */
export function newChangesPopupSeen(stored: string | null, releasedAt: number): boolean {
  if (stored === null) return false;
  const seenAt = stored === 'true' ? newChangesPopupReleasedAt : Number(stored);
  return Number.isFinite(seenAt) && seenAt >= releasedAt;
}

/**
 * Whether the version-change popup (spec 000 §2) is due for a member published at `publishDate` (null: never
 * published): once per browser and release (`newChangesPopupSeen`), from the release date on, and only to members
 * who were published before it. A member who joined since has seen the app as it is and has nothing to be told
 * about (the wizard also marks the popup seen after verification).
 */
export function newChangesPopupDue(
  publishDate: number | null,
  alreadySeen: boolean,
  releasedAt: number = newChangesPopupReleasedAt,
  now: number = Date.now(),
): boolean {
  if (alreadySeen || publishDate === null || now < releasedAt) return false;
  return publishDate < releasedAt;
}
