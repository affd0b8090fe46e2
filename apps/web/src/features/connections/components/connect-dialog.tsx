import { commonTexts, limits, messages, connectionRequestTexts as t } from '@intergen/domain';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { ApiError } from '../../../lib/api-client';
import { usePublicConfig } from '../../../lib/config';
import { SendTimeoutError, useSendRequest } from '../api/send-request';
import { useConnectionNotices } from './connection-notices';

interface ConnectDialogProps {
  opened: boolean;
  onClose: () => void;
  suggestionId: string;
  /** The counterpart's full name. */
  name: string;
}

/** What went wrong with a send, in words a member can pass on to the team. */
function sendErrorText(error: unknown): string {
  if (error instanceof SendTimeoutError) return t.sendTimedOut;
  if (error instanceof ApiError) return error.message;
  return messages.somethingWentWrong;
}

/**
 * `Connect with {name}?` (spec 000 §2): an optional message of at most 250 characters with a live counter,
 * and Send, which is disabled from the click until the server answers. A failure (or no answer within
 * 10 000 ms) closes it and opens `Something went wrong!`.
 */
export function ConnectDialog({ opened, onClose, suggestionId, name }: ConnectDialogProps) {
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const notices = useConnectionNotices();
  const send = useSendRequest({ onSent: notices.requestSent });

  const submit = () => {
    send.mutate(
      { suggestionId, message: message.trim() === '' ? '' : message, name },
      {
        onSuccess: () => {
          setMessage('');
          onClose();
        },
        onError: (error) => {
          onClose();
          setFailure(sendErrorText(error));
        },
      },
    );
  };

  return (
    <>
      <Modal
        opened={opened}
        onClose={() => {
          if (!send.isPending) onClose();
        }}
        title={t.connectTitle(name)}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!send.isPending) submit();
          }}
        >
          <Stack gap="md">
            <Textarea
              label={t.messageLabel}
              description={
                <span className="ig-connect-counter-row">
                  <span>{t.messageDescription(name)}</span>
                  <span>{t.messageCounter(message.length)}</span>
                </span>
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value.slice(0, limits.connectMessageMax))}
              maxLength={limits.connectMessageMax}
              rows={5}
              resize="vertical"
              disabled={send.isPending}
              data-autofocus
            />
            <DialogActions
              cancelLabel={commonTexts.cancel}
              onCancel={onClose}
              confirmLabel={t.send}
              pending={send.isPending}
              disabled={send.isPending}
            />
          </Stack>
        </form>
      </Modal>
      <SendFailedDialog
        opened={failure !== null}
        name={name}
        error={failure ?? ''}
        onClose={() => setFailure(null)}
      />
    </>
  );
}

/** A `mailto:` link to support with the subject and body filled in (spec 000 §2: Contact our team). */
function supportMailto(address: string, name: string, error: string): string {
  const subject = encodeURIComponent(t.supportSubject(name));
  const body = encodeURIComponent(t.supportBody(name, error));
  return `mailto:${address}?subject=${subject}&body=${body}`;
}

/** `Something went wrong!`: what failed and why, with `Dismiss` and `Contact our team`. */
function SendFailedDialog({
  opened,
  name,
  error,
  onClose,
}: {
  opened: boolean;
  name: string;
  error: string;
  onClose: () => void;
}) {
  const supportEmail = usePublicConfig().data?.supportEmail;
  return (
    <Modal opened={opened} onClose={onClose} title={t.somethingWentWrong}>
      <Stack gap="md">
        <Text>{t.sendFailed(name)}</Text>
        <Text size="sm" c="dimmed">
          {t.errorDetail(error)}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {commonTexts.dismiss}
          </Button>
          {supportEmail ? (
            <Button component="a" href={supportMailto(supportEmail, name, error)}>
              {t.contactOurTeam}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
