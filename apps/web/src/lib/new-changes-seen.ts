import { newChangesPopupSeen, newChangesPopupStorageKey } from '@intergen/domain';

/**
 * `hasSeenNewChangesPopup`, the one value the app keeps in local storage (DESIGN.md §3): the version-change
 * popup shows once per browser and release, and need not show to a member who has just finished the wizard. It
 * holds when the browser last took the news in (domain `newChangesPopupSeen`).
 */

/** Whether this browser has shown the popup of the release at `releasedAt` (storage unavailable: it has). */
export function newChangesSeenInThisBrowser(releasedAt: number): boolean {
  try {
    return newChangesPopupSeen(window.localStorage.getItem(newChangesPopupStorageKey), releasedAt);
  } catch {
    return true;
  }
}

/** Remembers that this browser has taken in the news of every release up to now. */
export function rememberNewChangesSeen(): void {
  try {
    window.localStorage.setItem(newChangesPopupStorageKey, String(Date.now()));
  } catch {
    // Private modes may refuse storage; the popup then shows once more, nothing breaks.
  }
}
