import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ApiError } from '../../../lib/api-client';

/**
 * The spec's red banner for a failed account action (`Failed to pause account`, …). When the server refused
 * for a reason of its own (the profile is not published, for instance), that reason follows underneath.
 */
export function AccountError({ title, error }: { title: string; error: unknown }) {
  if (!error) return null;
  const detail =
    error instanceof ApiError && !error.isNetworkError && error.status < 500 && error.message !== title
      ? error.message
      : null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden="true" />}
      role="alert"
      title={title}
    >
      {detail}
    </Alert>
  );
}
