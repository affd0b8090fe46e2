import type { AdminRecordOrder, AdminScore, AdminScoreSort } from '@intergen/contracts';
import { limits, adminRecordsTexts as t } from '@intergen/domain';
import { Text } from '@mantine/core';
import { DataTable } from '../../../components/data-table';
import { pairCard, pairColumns } from './party-link';
import { RecordTime } from './record-time';
import { sortState } from './suggestions-table';

interface ScoresTableProps {
  rows: AdminScore[];
  sort: AdminScoreSort;
  order: AdminRecordOrder;
  /** A header pressed: its sort, descending first, or the other direction if it already sorts. */
  onSort: (sort: AdminScoreSort) => void;
}

/** Every scored pair: the expert, the company, the score (strong ones marked) and when it last changed. */
export function ScoresTable({ rows, sort, order, onSort }: ScoresTableProps) {
  const stateOf = (column: AdminScoreSort) => (sort === column ? sortState(order) : null);
  return (
    <DataTable
      rows={rows}
      rowKey={(s) => String(s.id)}
      caption={t.scoresTitle}
      labels={{ sortBy: t.sortBy, sort: t.sortLabel }}
      minWidth={640}
      {...pairCard}
      columns={[
        ...pairColumns,
        {
          key: 'score',
          header: t.score,
          nowrap: true,
          cell: (s) => (
            <Text size="sm" fw={s.score >= limits.communityScoreMinimum ? 700 : 400} ff="monospace">
              {s.score}
            </Text>
          ),
          sort: { state: stateOf('score'), onSort: () => onSort('score') },
        },
        {
          key: 'updated',
          header: t.updated,
          nowrap: true,
          cell: (s) => <RecordTime at={s.updatedAt} />,
          sort: { state: stateOf('updated'), onSort: () => onSort('updated') },
        },
      ]}
    />
  );
}
