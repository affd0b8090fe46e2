import type { ConnectionRequest } from '@intergen/contracts';
import {
  meetingDetails,
  meetingLinks,
  meetingSlot,
  meetingTitle,
  meetingInviteTexts as t,
} from '@intergen/domain';
import { Anchor, Group, Text } from '@mantine/core';
import { IconBrandGoogle, IconBrandWindows, IconDownload } from '@tabler/icons-react';
import { useSignedInUser } from '../../../lib/session';
import { inviteIcsPath } from '../api/invite-links';

/**
 * Invites for a meeting with a connection (DESIGN.md §4): Google Calendar and Outlook compose pages with
 * both addresses filled in, and the `.ics` file; `Invalid Email` instead of the compose links when an
 * address is missing.
 */
export function MeetingInvites({ connection }: { connection: ConnectionRequest }) {
  const user = useSignedInUser();
  const { start, end } = meetingSlot();
  const links = meetingLinks({
    title: meetingTitle(user.name, connection.counterpart.name),
    details: meetingDetails(user.name, connection.counterpart.name),
    emails: [user.email, connection.contact?.email],
    start,
    end,
  });
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {t.meetingInvites}
      </Text>
      <Group gap="sm" mt={2}>
        {'error' in links ? (
          <Text size="sm" c="red.8">
            {links.error}
          </Text>
        ) : (
          <>
            <Anchor href={links.google} target="_blank" rel="noopener noreferrer" size="sm">
              <Group component="span" gap={4} wrap="nowrap" style={{ display: 'inline-flex' }}>
                <IconBrandGoogle size={14} aria-hidden="true" />
                {t.googleCalendar}
              </Group>
            </Anchor>
            <Anchor href={links.outlook} target="_blank" rel="noopener noreferrer" size="sm">
              <Group component="span" gap={4} wrap="nowrap" style={{ display: 'inline-flex' }}>
                <IconBrandWindows size={14} aria-hidden="true" />
                {t.outlook}
              </Group>
            </Anchor>
          </>
        )}
        <Anchor href={inviteIcsPath(connection.id)} download size="sm">
          <Group component="span" gap={4} wrap="nowrap" style={{ display: 'inline-flex' }}>
            <IconDownload size={14} aria-hidden="true" />
            {t.downloadIcs}
          </Group>
        </Anchor>
      </Group>
    </div>
  );
}
