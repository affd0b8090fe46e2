import { accountTexts, ownAccountTexts, privacyStateOf } from '@intergen/domain';
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import {
  IconDownload,
  IconEye,
  IconEyeOff,
  IconLogout,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
  IconUserOff,
} from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { ErrorAlert } from '../../../components/alerts';
import { WhenOpened } from '../../../components/when-opened';
import { errorMessage } from '../../../lib/api-client';
import { useOwnProfile } from '../../../lib/own-profile';
import { accountExportUrl } from '../api/delete-own-account';

// Each dialog loads when it is first opened.
const DeleteAccountModal = lazy(async () => ({
  default: (await import('./delete-account-modal')).DeleteAccountModal,
}));
const DisableAccountModal = lazy(async () => ({
  default: (await import('./disable-account-modal')).DisableAccountModal,
}));
const PauseAccountModal = lazy(async () => ({
  default: (await import('./pause-account-modal')).PauseAccountModal,
}));
const PrivacyModal = lazy(async () => ({ default: (await import('./privacy-modal')).PrivacyModal }));
const SignOutEverywhereModal = lazy(async () => ({
  default: (await import('./sign-out-everywhere-modal')).SignOutEverywhereModal,
}));
const ResumeAccountModal = lazy(async () => ({
  default: (await import('./resume-account-modal')).ResumeAccountModal,
}));

type Dialog = 'pause' | 'resume' | 'privacy' | 'disable' | 'delete' | 'signOutEverywhere' | null;

/**
 * The Account section's buttons (beside Change Password): Pause or Resume when the profile is published or
 * paused (spec 000 §4), Account Privacy for experts, Disable Account, and the member's own data: Download my data
 * (a JSON file) and Delete account, and Sign out everywhere (every session of the member ends, this one too).
 */
export function AccountActions() {
  const own = useOwnProfile();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  if (own.isPending) return <Skeleton height={36} width={320} aria-label={accountTexts.loadingActions} />;
  if (own.isError) return <ErrorAlert message={errorMessage(own.error)} />;

  const profile = own.data;
  const paused = profile.pausedDate !== null;
  const showsPause = paused || profile.profilePublished;
  const isExpert = profile.kind === 'expert';

  return (
    <Stack gap="sm">
      {isExpert ? (
        <Text size="sm" c="dimmed">
          {accountTexts.privacyCurrent(privacyStateOf(profile))}
        </Text>
      ) : null}
      <Group gap="sm">
        {showsPause ? (
          paused ? (
            <Button
              variant="default"
              leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
              onClick={() => setDialog('resume')}
            >
              {accountTexts.resumeTitle}
            </Button>
          ) : (
            <Button
              variant="default"
              leftSection={<IconPlayerPause size={16} aria-hidden="true" />}
              onClick={() => setDialog('pause')}
            >
              {accountTexts.pauseTitle}
            </Button>
          )
        ) : null}
        {isExpert ? (
          <Button
            variant="default"
            leftSection={
              profile.private ? (
                <IconEyeOff size={16} aria-hidden="true" />
              ) : (
                <IconEye size={16} aria-hidden="true" />
              )
            }
            onClick={() => setDialog('privacy')}
          >
            {accountTexts.privacyTitle}
          </Button>
        ) : null}
        <Button
          variant="outline"
          color="red"
          leftSection={<IconUserOff size={16} aria-hidden="true" />}
          onClick={() => setDialog('disable')}
        >
          {accountTexts.disableTitle}
        </Button>
      </Group>
      <Group gap="sm">
        <Button
          component="a"
          href={accountExportUrl}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          title={ownAccountTexts.downloadHint}
        >
          {ownAccountTexts.downloadData}
        </Button>
        <Button
          color="red"
          leftSection={<IconTrash size={16} aria-hidden="true" />}
          onClick={() => setDialog('delete')}
        >
          {ownAccountTexts.deleteAction}
        </Button>
      </Group>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconLogout size={16} aria-hidden="true" />}
          onClick={() => setDialog('signOutEverywhere')}
        >
          {accountTexts.signOutEverywhere}
        </Button>
      </Group>
      {/* Each dialog mounts when first opened and stays (closing plays its transition); closed, the focus goes back
          to its button. */}
      <WhenOpened opened={dialog === 'pause'}>
        <PauseAccountModal opened={dialog === 'pause'} onClose={close} />
      </WhenOpened>
      <WhenOpened opened={dialog === 'resume'}>
        <ResumeAccountModal opened={dialog === 'resume'} onClose={close} />
      </WhenOpened>
      {isExpert ? (
        <WhenOpened opened={dialog === 'privacy'}>
          <PrivacyModal
            opened={dialog === 'privacy'}
            onClose={close}
            isPrivate={profile.private}
            published={profile.profilePublished}
          />
        </WhenOpened>
      ) : null}
      <WhenOpened opened={dialog === 'disable'}>
        <DisableAccountModal opened={dialog === 'disable'} onClose={close} />
      </WhenOpened>
      <WhenOpened opened={dialog === 'delete'}>
        <DeleteAccountModal opened={dialog === 'delete'} onClose={close} />
      </WhenOpened>
      <WhenOpened opened={dialog === 'signOutEverywhere'}>
        <SignOutEverywhereModal opened={dialog === 'signOutEverywhere'} onClose={close} />
      </WhenOpened>
    </Stack>
  );
}
