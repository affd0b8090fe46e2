import type { AdminRecordOrder, AdminRequest, AdminRequestState } from '@intergen/contracts';
import { adminRecordsTexts as t } from '@intergen/domain';
import { Stack, Text } from '@mantine/core';
import { DataTable } from '../../../components/data-table';
import { formatRecordTime } from './format';
import { PartyLink } from './party-link';
import { RecordTime } from './record-time';
import { StateBadge, type Tone } from './state-badge';
import { sortState } from './suggestions-table';

const tone: Record<AdminRequestState, Tone> = {
  open: 'active',
  held: 'neutral',
  connected: 'good',
  closed: 'ended',
  declined: 'refused',
  dismissed: 'refused',
  cancelled: 'neutral',
};

interface RequestsTableProps {
  rows: AdminRequest[];
  order: AdminRecordOrder;
  onOrder: (order: AdminRecordOrder) => void;
}

/** Every connection and My Network request: who sent it to whom, its state, message, date and progress. */
export function RequestsTable({ rows, order, onOrder }: RequestsTableProps) {
  return (
    <DataTable
      rows={rows}
      rowKey={(r) => `${r.kind}:${r.id}`}
      caption={t.requestsTitle}
      labels={{ sortBy: t.sortBy, sort: t.sortLabel }}
      minWidth={1000}
      cardTitle={(r) => (
        <Text size="sm">
          <PartyLink party={r.sender} withRole /> → <PartyLink party={r.recipient} withRole />
        </Text>
      )}
      cardLabel={(r) => t.rowLabel(r.sender.name, r.recipient.name)}
      cardOmits={['from', 'to']}
      columns={[
        { key: 'kind', header: t.kind, cell: (r) => t.kindLabels[r.kind] },
        { key: 'from', header: t.from, cell: (r) => <PartyLink party={r.sender} withRole /> },
        { key: 'to', header: t.to, cell: (r) => <PartyLink party={r.recipient} withRole /> },
        {
          key: 'state',
          header: t.state,
          cell: (r) => <StateBadge label={t.requestStateLabels[r.state]} tone={tone[r.state]} />,
        },
        {
          key: 'sent',
          header: t.sent,
          nowrap: true,
          cell: (r) => <RecordTime at={r.sentAt} />,
          sort: { state: sortState(order), onSort: () => onOrder(order === 'desc' ? 'asc' : 'desc') },
        },
        { key: 'message', header: t.message, cell: (r) => <Message request={r} /> },
        { key: 'progress', header: t.progress, cell: (r) => <Progress request={r} /> },
      ]}
    />
  );
}

function Message({ request: r }: { request: AdminRequest }) {
  if (r.kind === 'network') return r.via ? t.via(r.via) : t.none;
  return r.message ? (
    <Text size="sm" maw={260}>
      {r.message}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      {t.noMessage}
    </Text>
  );
}

/** What happened after the request: seen, connected, closed, answered, the ratings, the deal. */
function Progress({ request: r }: { request: AdminRequest }) {
  const facts: string[] = [];
  if (r.seen !== null && !r.accepted) facts.push(r.seen ? t.seen : t.notSeen);
  if (r.connectedOn !== null) facts.push(t.connectedOn(formatRecordTime(r.connectedOn)));
  if (r.closedOn !== null) facts.push(t.closedOn(formatRecordTime(r.closedOn)));
  if (r.respondedAt !== null && r.connectedOn === null)
    facts.push(t.answeredOn(formatRecordTime(r.respondedAt)));
  if (r.expertRating !== null) facts.push(t.expertRating(r.expertRating));
  if (r.ventureRating !== null) facts.push(t.ventureRating(r.ventureRating));
  if (facts.length === 0) return <>{t.none}</>;
  return (
    <Stack gap={2}>
      {facts.map((fact) => (
        <Text key={fact} size="xs">
          {fact}
        </Text>
      ))}
    </Stack>
  );
}
