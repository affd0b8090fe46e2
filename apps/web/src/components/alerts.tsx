import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';

/** A visible error: the spec's red alert box with the message. */
export function ErrorAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
      {message}
    </Alert>
  );
}

/** An informational message from the server (the spec shows one-time link messages in blue). */
export function InfoAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden="true" />} role="status">
      {message}
    </Alert>
  );
}

/** A success message (password reset sent, password changed). */
export function SuccessAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden="true" />} role="status">
      {message}
    </Alert>
  );
}
