import { accountTexts, privacyStateOf } from '@intergen/domain';
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconEye, IconEyeOff, IconPlayerPause, IconPlayerPlay, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/alerts';
import { errorMessage } from '../../../lib/api-client';
import { useOwnProfile } from '../../../lib/own-profile';
import { DisableAccountModal } from './disable-account-modal';
import { PauseAccountModal } from './pause-account-modal';
import { PrivacyModal } from './privacy-modal';
import { ResumeAccountModal } from './resume-account-modal';

type Dialog = 'pause' | 'resume' | 'privacy' | 'disable' | null;

/**
 * The Account section's buttons (beside Change Password): Pause or Resume when the profile is published or
 * paused (spec 000 §4), Account Privacy for experts, and Disable Account.
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
      <PauseAccountModal opened={dialog === 'pause'} onClose={close} />
      <ResumeAccountModal opened={dialog === 'resume'} onClose={close} />
      {isExpert ? (
        <PrivacyModal
          opened={dialog === 'privacy'}
          onClose={close}
          isPrivate={profile.private}
          published={profile.profilePublished}
        />
      ) : null}
      <DisableAccountModal opened={dialog === 'disable'} onClose={close} />
    </Stack>
  );
}
