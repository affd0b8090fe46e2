import { accountTexts } from '@intergen/domain';
import { Alert, Textarea } from '@mantine/core';
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

/** The free text of the pause and disable dialogs, beside (or instead of) a listed reason. */
export function TellUsMore({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  return (
    <Textarea
      label={accountTexts.tellUsMore}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={1000}
      rows={3}
    />
  );
}
