import '@mantine/core/styles/Table.css';
import type { MailSummary } from '@intergen/contracts';
import { adminMailboxTexts as t } from '@intergen/domain';
import { Anchor, Table, Text } from '@mantine/core';
import { useIsNarrow } from '../../../lib/media';
import { formatMailTime } from './mail-time';

/**
 * The mailbox as a table, newest first; the subject opens the message. At 640 px or less, one entry per message
 * (subject, recipient, time) instead, so nothing is off screen.
 */
export function MailboxTable({
  messages,
  onOpen,
}: {
  messages: MailSummary[];
  onOpen: (id: string) => void;
}) {
  const narrow = useIsNarrow();
  if (narrow) {
    return (
      <ul className="ig-mail-list" aria-label={t.listLabel}>
        {messages.map((mail) => (
          <li key={mail.id}>
            <Anchor component="button" type="button" ta="left" onClick={() => onOpen(mail.id)} fw={600}>
              {mail.subject}
            </Anchor>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {mail.to}
            </Text>
            <Text size="xs" c="dimmed">
              <time dateTime={new Date(mail.createdAt).toISOString()}>{formatMailTime(mail.createdAt)}</time>
            </Text>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t.listLabel}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t.to}</Table.Th>
            <Table.Th scope="col">{t.subject}</Table.Th>
            <Table.Th scope="col">{t.time}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.map((mail) => (
            <Table.Tr key={mail.id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{mail.to}</Table.Td>
              <Table.Td>
                <Anchor component="button" type="button" ta="left" onClick={() => onOpen(mail.id)}>
                  {mail.subject}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={new Date(mail.createdAt).toISOString()}>
                  {formatMailTime(mail.createdAt)}
                </time>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
