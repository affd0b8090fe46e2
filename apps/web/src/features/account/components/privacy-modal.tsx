import { accountTexts, commonTexts, privacyStateOf } from '@intergen/domain';
import { Anchor, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/alerts';
import { DialogActions } from '../../../components/dialog-actions';
import { errorMessage } from '../../../lib/api-client';
import { communityPath } from '../../../lib/paths';
import { useSetPrivacy } from '../api/set-privacy';

/**
 * Account Privacy (spec 000 §2, experts only): `Set to Public` or `Set to Private` with `Cancel`, what each
 * means, and a link to the community.
 */
export function PrivacyModal({
  opened,
  onClose,
  isPrivate,
  published,
}: {
  opened: boolean;
  onClose: () => void;
  isPrivate: boolean;
  /** Only a published profile is public in the Community. */
  published: boolean;
}) {
  const privacy = useSetPrivacy();

  const close = () => {
    if (privacy.isPending) return;
    privacy.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={accountTexts.privacyTitle}>
      <Stack gap="md">
        <Text size="sm" fw={600}>
          {accountTexts.privacyCurrent(privacyStateOf({ private: isPrivate, profilePublished: published }))}
        </Text>
        <Text size="sm">{accountTexts.privacyPrivateBody}</Text>
        <Text size="sm">{accountTexts.privacyPublicBody}</Text>
        <Anchor component={Link} to={communityPath} size="sm">
          {accountTexts.communityLink}
        </Anchor>
        <ErrorAlert message={privacy.error ? errorMessage(privacy.error) : null} />
        <DialogActions
          cancelLabel={commonTexts.cancel}
          onCancel={close}
          confirmLabel={isPrivate ? accountTexts.setPublic : accountTexts.setPrivate}
          onConfirm={() => privacy.mutate(!isPrivate, { onSuccess: close })}
          pending={privacy.isPending}
        />
      </Stack>
    </Modal>
  );
}
