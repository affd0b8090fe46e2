import type { ConnectionRequest } from '@intergen/contracts';
import { connectionRequestTexts as t } from '@intergen/domain';
import { Button, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

// One formatter for every card: `toLocaleDateString` builds a new one per call, which 100 cards on the dashboard
// felt (bench/dashboard.bench.ts).
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** A date as members read it ("Nov 23, 2026"). */
export function formatDate(ms: number): string {
  return dateFormat.format(ms);
}

/**
 * The request's message as typed: plain text, its line breaks kept; labelled as the member's own on a request
 * they sent, as the other member's on one they received.
 */
export function RequestMessage({ request }: { request: Pick<ConnectionRequest, 'message' | 'direction'> }) {
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
        {request.direction === 'sent' ? t.yourMessage : t.requestMessage}
      </Text>
      <Text size="sm" className="ig-request-message">
        {request.message}
      </Text>
    </div>
  );
}

interface RequestSentButtonsProps {
  /** Whether the cancel is under way. */
  cancelling: boolean;
  onCancel: () => void;
  /** The id of the card's heading, so that `Cancel request` is read with whom. */
  describedBy?: string;
}

/** A sent request's state on a card: `Request Sent` (disabled) with `Cancel request`, the sender's undo. */
export function RequestSentButtons({ cancelling, onCancel, describedBy }: RequestSentButtonsProps) {
  return (
    <>
      <Button size="sm" disabled leftSection={<IconCheck size={16} aria-hidden="true" />}>
        {t.requestSent}
      </Button>
      <Button
        size="sm"
        variant="default"
        loading={cancelling}
        aria-describedby={describedBy}
        onClick={onCancel}
      >
        {t.cancelRequest}
      </Button>
    </>
  );
}
