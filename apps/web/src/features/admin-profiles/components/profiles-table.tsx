import type { AdminProfileRow } from '@intergen/contracts';
import { profileChips } from '@intergen/domain';
import { Table, Text } from '@mantine/core';
import { ActionButtons, type ActionLayout } from './action-buttons';
import { adminTexts, formatDate } from './admin-texts';
import { StatusBadge } from './status-badge';
import type { AdminActions } from './use-admin-actions';

const yesNo = (value: boolean) => (value ? adminTexts.yes : adminTexts.no);

/** Profiles with their status, completion, e-mail verification and verified flag, and their actions. */
export function ProfilesTable({
  rows,
  actions,
  layout,
  caption,
}: {
  rows: AdminProfileRow[];
  actions: AdminActions;
  layout: ActionLayout;
  caption: string;
}) {
  return (
    <Table.ScrollContainer minWidth={940}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{adminTexts.name}</Table.Th>
            <Table.Th scope="col">{adminTexts.kind}</Table.Th>
            <Table.Th scope="col">{adminTexts.status}</Table.Th>
            <Table.Th scope="col">{adminTexts.completion}</Table.Th>
            <Table.Th scope="col">{adminTexts.emailVerified}</Table.Th>
            <Table.Th scope="col">{adminTexts.verified}</Table.Th>
            <Table.Th scope="col">{adminTexts.updated}</Table.Th>
            <Table.Th scope="col">{adminTexts.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {row.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {row.email}
                </Text>
              </Table.Td>
              <Table.Td>{profileChips[row.kind]}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <StatusBadge status={row.status} />
              </Table.Td>
              <Table.Td>{row.completion}%</Table.Td>
              <Table.Td>{yesNo(row.emailVerified)}</Table.Td>
              <Table.Td>{row.kind === 'expert' ? yesNo(row.isVerified) : '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.updatedAt)}</Table.Td>
              <Table.Td>
                <ActionButtons target={row} actions={actions} layout={layout} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
