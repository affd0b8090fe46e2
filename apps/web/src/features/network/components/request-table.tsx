import '@mantine/core/styles/Table.css';
import type { NetworkRequest } from '@intergen/contracts';
import { communityTexts, limits, networkTexts as t } from '@intergen/domain';
import { Anchor, Button, Group, Stack, Table, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { NetworkAction } from '../api/network-actions';
import { myNetworkProfilePath } from '../paths';
import { NetworkRequestButtons } from './network-request-card';

interface RequestTableProps {
  title: string;
  requests: readonly NetworkRequest[];
  busyId: string | null;
  onAction: (request: NetworkRequest, action: NetworkAction) => void;
  onBack: () => void;
}

const dateOf = (ms: number) => new Date(ms).toLocaleDateString();

/** `View More`: the requests as a table, 12 rows at a time with `Load more` (spec 001 §9: table views 12). */
export function RequestTable({ title, requests, busyId, onAction, onBack }: RequestTableProps) {
  const [shown, setShown] = useState<number>(limits.tablePageSize);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} fz="xl">
          {title}
        </Title>
        <Button variant="default" size="xs" onClick={onBack}>
          {t.showLess}
        </Button>
      </Group>
      {/* No sideways scrolling: at 390 px the columns narrow and the buttons stack, all within reach. */}
      <Table.ScrollContainer minWidth={0} type="native">
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.tableName}</Table.Th>
              <Table.Th>{t.tableVia}</Table.Th>
              <Table.Th>{t.tableDate}</Table.Th>
              <Table.Th>{t.tableActions}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {requests.slice(0, shown).map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Anchor component={Link} to={myNetworkProfilePath(r.counterpart.id)}>
                    {r.counterpart.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{r.viaCompanyName ?? ''}</Table.Td>
                <Table.Td>{dateOf(r.requestedAt)}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <NetworkRequestButtons request={r} busy={busyId === r.id} onAction={onAction} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {requests.length > shown ? (
        <Button variant="default" onClick={() => setShown((n) => n + limits.tablePageSize)}>
          {communityTexts.loadMore}
        </Button>
      ) : null}
    </Stack>
  );
}
