import '@mantine/core/styles/List.css';
import type { OwnProfile } from '@intergen/contracts';
import { adminDeleteMemberTexts, commonTexts, normalizeEmail } from '@intergen/domain';
import { Alert, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../../components/alerts';
import { DialogActions } from '../../../components/dialog-actions';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteMember } from '../api/delete-member';

/**
 * Delete member (spec 000 §4, DESIGN.md §4): says what goes, and is confirmed only once the admin has typed the
 * member's e-mail address (as the server checks it: trimmed, any case). The server's refusal shows in the dialog.
 */
export function DeleteMemberModal({
  profile,
  opened,
  onClose,
}: {
  profile: Pick<OwnProfile, 'id' | 'name' | 'email'>;
  opened: boolean;
  onClose: () => void;
}) {
  const remove = useDeleteMember({ name: profile.name });
  const [typed, setTyped] = useState('');
  const matches = normalizeEmail(typed) === normalizeEmail(profile.email);

  const close = () => {
    if (remove.isPending) return;
    setTyped('');
    remove.reset();
    onClose();
  };
  const confirm = (event?: FormEvent) => {
    event?.preventDefault();
    if (!matches || remove.isPending) return;
    remove.mutate({ id: profile.id, confirmation: typed });
  };

  return (
    <Modal opened={opened} onClose={close} title={adminDeleteMemberTexts.title}>
      <form onSubmit={confirm} noValidate>
        <Stack gap="md">
          <Text size="sm">{adminDeleteMemberTexts.intro(profile.name)}</Text>
          <List size="sm" spacing={4}>
            {adminDeleteMemberTexts.removed.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} role="note">
            {adminDeleteMemberTexts.irreversible}
          </Alert>
          <TextInput
            label={adminDeleteMemberTexts.confirmLabel}
            description={adminDeleteMemberTexts.confirmHint(profile.email)}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
          />
          <ErrorAlert message={remove.error ? errorMessage(remove.error) : null} />
          <DialogActions
            cancelLabel={commonTexts.cancel}
            onCancel={close}
            confirmLabel={adminDeleteMemberTexts.confirm}
            pending={remove.isPending}
            disabled={!matches}
            color="red"
          />
        </Stack>
      </form>
    </Modal>
  );
}
