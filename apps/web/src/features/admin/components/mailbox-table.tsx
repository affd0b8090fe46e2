import type { MailSummary } from '@intergen/contracts';
import { Anchor, Table } from '@mantine/core';
import { formatMailTime } from './mail-time';

/** The mailbox as a table, newest first; the subject opens the message. */
export function MailboxTable({
  messages,
  onOpen,
}: {
  messages: MailSummary[];
  onOpen: (id: string) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="E-mails, newest first">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">To</Table.Th>
            <Table.Th scope="col">Subject</Table.Th>
            <Table.Th scope="col">Time</Table.Th>
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
