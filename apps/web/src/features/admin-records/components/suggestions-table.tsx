import type { AdminRecordOrder, AdminSuggestion, AdminSuggestionState } from '@intergen/contracts';
import { adminRecordsTexts as t } from '@intergen/domain';
import { Text } from '@mantine/core';
import { DataTable } from '../../../components/data-table';
import { pairCard, pairColumns } from './party-link';
import { RecordTime } from './record-time';
import { StateBadge, type Tone } from './state-badge';

const tone: Record<AdminSuggestionState, Tone> = {
  open: 'active',
  requested: 'good',
  dismissedByExpert: 'refused',
  dismissedByCompany: 'refused',
};

export const sortState = (order: AdminRecordOrder) => (order === 'desc' ? 'descending' : 'ascending');

interface SuggestionsTableProps {
  rows: AdminSuggestion[];
  order: AdminRecordOrder;
  onOrder: (order: AdminRecordOrder) => void;
}

/** Every suggestion: both sides, state, who made it, when, the deal and when it was requested. */
export function SuggestionsTable({ rows, order, onOrder }: SuggestionsTableProps) {
  return (
    <DataTable
      rows={rows}
      rowKey={(s) => s.id}
      caption={t.suggestionsTitle}
      labels={{ sortBy: t.sortBy, sort: t.sortLabel }}
      {...pairCard}
      columns={[
        ...pairColumns,
        {
          key: 'state',
          header: t.state,
          cell: (s) => <StateBadge label={t.suggestionStateLabels[s.state]} tone={tone[s.state]} />,
        },
        { key: 'source', header: t.source, cell: (s) => <Source suggestion={s} /> },
        {
          key: 'created',
          header: t.created,
          nowrap: true,
          cell: (s) => <RecordTime at={s.createdAt} />,
          sort: { state: sortState(order), onSort: () => onOrder(order === 'desc' ? 'asc' : 'desc') },
        },
        {
          key: 'requested',
          header: t.requestSent,
          nowrap: true,
          cell: (s) => <RecordTime at={s.requestSentAt} />,
        },
        { key: 'deal', header: t.deal, cell: (s) => s.dealId ?? t.none },
      ]}
    />
  );
}

function Source({ suggestion: s }: { suggestion: AdminSuggestion }) {
  return (
    <Text size="sm">
      {t.sourceLabels[s.source]}
      {s.source === 'matcher' && s.position > 0 ? ` · ${t.rank(s.position)}` : ''}
      {s.createdBy ? (
        <Text span size="xs" c="dimmed" display="block">
          {t.byAdmin(s.createdBy.name)}
        </Text>
      ) : null}
    </Text>
  );
}
