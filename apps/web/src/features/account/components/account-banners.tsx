import type { SessionUser } from '@intergen/contracts';
import { accessTexts, accountTexts, commonTexts, profileTexts } from '@intergen/domain';
import { Alert, Anchor, Stack } from '@mantine/core';
import { IconClockHour4, IconEyeOff, IconHandStop, IconSparkles } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { WhenOpened } from '../../../components/when-opened';
import { usePublicConfig } from '../../../lib/config';
import { useOwnProfile } from '../../../lib/own-profile';
import { usePostponeAnnualConfirmation } from '../api/postpone-annual-confirmation';
import { useSessionFlag } from './session-flags';

// The dialogs load when they open: the banners are on every signed-in page, the dialogs seldom.
const AnnualConfirmationModal = lazy(async () => ({
  default: (await import('./annual-confirmation-modal')).AnnualConfirmationModal,
}));
const ResumeAccountModal = lazy(async () => ({
  default: (await import('./resume-account-modal')).ResumeAccountModal,
}));

/**
 * The account banners of a signed-in member (spec 000 §2): paused, with a link that opens Resume Account;
 * welcome back after a resume (dismissible); for an expert under review, the pending banner; and for a member
 * whose profile the team unpublished, why they are not seen and whom to write to.
 */
export function AccountBanners({ user }: { user: SessionUser }) {
  const [resumeOpened, setResumeOpened] = useState(false);
  const welcomeBack = useSessionFlag('welcomeBack', user.id);
  const status = user.kind ? user.profile?.status : null;
  const paused = status === 'paused';
  const pending = status === 'pending' && user.kind === 'expert';
  const unpublished = status === 'disabled';
  const supportEmail = usePublicConfig().data?.supportEmail;

  if (!paused && !pending && !unpublished && !welcomeBack.raised) return null;
  return (
    <Stack gap="sm">
      {paused ? (
        <Alert color="yellow" variant="light" icon={<IconHandStop aria-hidden="true" />} role="status">
          <strong>{accountTexts.pausedBanner}</strong>{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => setResumeOpened(true)}>
            {accountTexts.resumeLink}
          </Anchor>
        </Alert>
      ) : null}
      {welcomeBack.raised ? (
        <Alert
          color="green"
          variant="light"
          icon={<IconSparkles aria-hidden="true" />}
          role="status"
          withCloseButton
          closeButtonLabel={commonTexts.dismiss}
          onClose={welcomeBack.lower}
        >
          {accountTexts.welcomeBack}
        </Alert>
      ) : null}
      {unpublished ? (
        <Alert color="red" variant="light" icon={<IconEyeOff aria-hidden="true" />} role="status">
          {accessTexts.unpublishedBanner}{' '}
          {supportEmail ? (
            <Anchor href={`mailto:${supportEmail}`} size="sm">
              {supportEmail}
            </Anchor>
          ) : null}
        </Alert>
      ) : null}
      {pending ? (
        <Alert color="blue" variant="light" icon={<IconClockHour4 aria-hidden="true" />} role="status">
          {profileTexts.pendingBanner}
        </Alert>
      ) : null}
      <WhenOpened opened={resumeOpened}>
        <ResumeAccountModal opened={resumeOpened} onClose={() => setResumeOpened(false)} />
      </WhenOpened>
    </Stack>
  );
}

/**
 * The annual confirmation popup for a company whose profile was last updated over a year ago. `Maybe later`
 * (or closing it) puts it off until the next sign-in: the server keeps that with the session, so a reload or
 * another page does not ask again (DESIGN.md §3 keeps browser storage for the version popup only).
 */
export function AnnualConfirmationPopup({ user }: { user: SessionUser }) {
  const isCompany = user.kind === 'company';
  const own = useOwnProfile({ enabled: isCompany });
  const later = usePostponeAnnualConfirmation();
  // Hidden at once, even while (or if) the server is told.
  const [putOff, setPutOff] = useState(false);
  if (!isCompany || !own.data?.needsAnnualConfirmation || user.annualConfirmationPostponed || putOff) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <AnnualConfirmationModal
        profile={own.data}
        onLater={() => {
          setPutOff(true);
          later.mutate();
        }}
        onDone={() => undefined}
      />
    </Suspense>
  );
}
