import { Button, Stack } from '@mantine/core';
import { ErrorAlert } from './alerts';

interface LoadFailedProps {
  /** What could not be loaded, and why. */
  message: string;
  /** The retry button's text. */
  retryLabel: string;
  onRetry: () => void;
}

/** A section whose data could not be loaded: the error with a button to try again. */
export function LoadFailed({ message, retryLabel, onRetry }: LoadFailedProps) {
  return (
    <Stack gap="xs" align="flex-start">
      <ErrorAlert message={message} />
      <Button variant="default" size="xs" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Stack>
  );
}
