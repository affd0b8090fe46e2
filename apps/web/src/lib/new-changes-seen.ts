import { newChangesPopupStorageKey } from '@intergen/domain';

/**
 * `hasSeenNewChangesPopup`, the one value the app keeps in local storage (DESIGN.md §3): the version-change
 * popup shows once per browser, and need not show to a member who has just finished the wizard.
 */

/** Whether this browser has shown the popup already (storage can be unavailable: then it counts as seen). */
export function newChangesSeenInThisBrowser(): boolean {
  try {
    return window.localStorage.getItem(newChangesPopupStorageKey) !== null;
  } catch {
    return true;
  }
}

export function rememberNewChangesSeen(): void {
  try {
    window.localStorage.setItem(newChangesPopupStorageKey, 'true');
  } catch {
    // Private modes may refuse storage; the popup then shows once more, nothing breaks.
  }
}
