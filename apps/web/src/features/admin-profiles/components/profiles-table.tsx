import type { AdminProfileRow } from '@intergen/contracts';
import { adminProfileTexts, profilePageTexts, profileTypeLabels } from '@intergen/domain';
import { Paper, Stack, Table, Text } from '@mantine/core';
import { useIsNarrow } from '../../../lib/media';
import { ActionButtons, type ActionLayout } from './action-buttons';
import { StatusBadge } from './status-badge';
import { formatDate } from './status-display';
import type { AdminActions } from './use-admin-actions';

const yesNo = (value: boolean) => (value ? adminProfileTexts.yes : adminProfileTexts.no);

/**
 * Profiles with their status, completion, e-mail verification and verified flag, and their actions: a table,
 * or at 640 px or less one card per profile (a table of eight columns would hide its actions off screen).
 */
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
  const narrow = useIsNarrow();
  if (narrow) {
    return (
      <ul className="ig-admin-cards" aria-label={caption}>
        {rows.map((row) => (
          <li key={row.id}>
            <Paper withBorder radius="md" p="sm" component="article" aria-label={row.name}>
              <Stack gap="xs">
                <div className="ig-admin-card-who">
                  <Text size="sm" fw={600}>
                    {row.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {row.email}
                  </Text>
                </div>
                <dl className="ig-admin-facts ig-admin-card-facts">
                  <dt>{adminProfileTexts.kind}</dt>
                  <dd>{profileTypeLabels[row.kind]}</dd>
                  <dt>{adminProfileTexts.status}</dt>
                  <dd>
                    <StatusBadge status={row.status} />
                  </dd>
                  <dt>{adminProfileTexts.completion}</dt>
                  <dd>{row.completion}%</dd>
                  <dt>{adminProfileTexts.emailVerified}</dt>
                  <dd>{yesNo(row.emailVerified)}</dd>
                  {row.kind === 'expert' ? (
                    <>
                      <dt>{profilePageTexts.verified}</dt>
                      <dd>{yesNo(row.isVerified)}</dd>
                    </>
                  ) : null}
                  <dt>{adminProfileTexts.updated}</dt>
                  <dd>{formatDate(row.updatedAt)}</dd>
                </dl>
                <ActionButtons target={row} actions={actions} layout={layout} />
              </Stack>
            </Paper>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table.ScrollContainer minWidth={940}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{adminProfileTexts.name}</Table.Th>
            <Table.Th scope="col">{adminProfileTexts.kind}</Table.Th>
            <Table.Th scope="col">{adminProfileTexts.status}</Table.Th>
            <Table.Th scope="col">{adminProfileTexts.completion}</Table.Th>
            <Table.Th scope="col">{adminProfileTexts.emailVerified}</Table.Th>
            <Table.Th scope="col">{profilePageTexts.verified}</Table.Th>
            <Table.Th scope="col">{adminProfileTexts.updated}</Table.Th>
            <Table.Th scope="col">{adminProfileTexts.actions}</Table.Th>
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
              <Table.Td>{profileTypeLabels[row.kind]}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <StatusBadge status={row.status} />
              </Table.Td>
              <Table.Td>{row.completion}%</Table.Td>
              <Table.Td>{yesNo(row.emailVerified)}</Table.Td>
              <Table.Td>{row.kind === 'expert' ? yesNo(row.isVerified) : adminProfileTexts.none}</Table.Td>
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
