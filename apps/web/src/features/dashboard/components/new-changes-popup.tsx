import type { NewChangesPopup as PopupSettings } from '@intergen/contracts';
import { newChangesPopupDue } from '@intergen/domain';
import { lazy, useState } from 'react';
import { WhenOpened } from '../../../components/when-opened';
import { usePublicConfig } from '../../../lib/config';
import { newChangesSeenInThisBrowser, rememberNewChangesSeen } from '../../../lib/new-changes-seen';
import { useOwnProfile } from '../../../lib/own-profile';
import { useProfileView } from '../../../lib/profile-view';
import { useSignedInUser } from '../../../lib/session';

// The dialog's code loads when it is due (once per release).
const NewChangesDialog = lazy(async () => ({
  default: (await import('./new-changes-dialog')).NewChangesDialog,
}));

/**
 * The version-change welcome popup (spec 000 §2): its words and release date are settings (GET /api/config). Once
 * per browser and release (`hasSeenNewChangesPopup`), from the release date on, for members published before it;
 * closing it in any way remembers it.
 */
export function NewChangesPopup() {
  const popup = usePublicConfig().data?.newChangesPopup;
  return popup ? <NewChangesPopupOf popup={popup} /> : null;
}

function NewChangesPopupOf({ popup }: { popup: PopupSettings }) {
  const user = useSignedInUser();
  const [closed, setClosed] = useState(false);
  const seen = closed || newChangesSeenInThisBrowser(popup.releasedAt);
  // Only a browser that has not shown the popup asks when the member was published.
  const own = useProfileView(user.id, { enabled: !seen });
  // A company's annual confirmation (spec 000 §2) comes first: two popups never stack.
  const annualFirst = useAnnualConfirmationDue(
    user.kind === 'company' && !seen && !user.annualConfirmationPostponed,
  );
  const due = own.data
    ? newChangesPopupDue(own.data.publishDate, seen, popup.releasedAt) && !annualFirst
    : false;

  const close = () => {
    rememberNewChangesSeen();
    setClosed(true);
  };

  return (
    <WhenOpened opened={due}>
      <NewChangesDialog popup={popup} opened={due} onClose={close} />
    </WhenOpened>
  );
}

/** Whether the company's annual confirmation is due (that popup comes first); never asked for experts. */
function useAnnualConfirmationDue(isCompany: boolean): boolean {
  const own = useOwnProfile({ enabled: isCompany });
  return isCompany && (own.data?.needsAnnualConfirmation ?? true);
}
