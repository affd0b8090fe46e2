import type { ConnectionRequest } from '@intergen/contracts';
import { connectionUiTexts as t } from '@intergen/domain';
import { Text } from '@mantine/core';

/** A date as members read it ("Nov 23, 2026"). */
export function formatDate(ms: number): string {
  return new Date(ms).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** The request's message as typed: plain text, its line breaks kept. */
export function RequestMessage({ request }: { request: Pick<ConnectionRequest, 'message'> }) {
  if (request.message.trim() === '') {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {t.noMessage}
      </Text>
    );
  }
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {t.requestMessage}
      </Text>
      <Text size="sm" className="ig-request-message">
        {request.message}
      </Text>
    </div>
  );
}
