import '@mantine/core/styles/Table.css';
import { Button, Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useIsNarrow } from '../lib/media';
import './data-table.css';

/** How a sortable column is sorted now: descending, ascending, or not (another column sorts). */
export type ColumnSort = 'descending' | 'ascending' | null;

export interface DataColumn<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** A sortable column: its state and what a press does (the caller decides the next direction). */
  sort?: { state: ColumnSort; onSort: () => void };
  /** Keep the cell on one line (dates, numbers). */
  nowrap?: boolean;
}

interface DataTableProps<Row> {
  rows: Row[];
  rowKey: (row: Row) => string;
  columns: DataColumn<Row>[];
  /** The table's accessible name (and the card list's). */
  caption: string;
  /** What a card shows first at 640 px or less, and its accessible name. */
  cardTitle: (row: Row) => ReactNode;
  cardLabel: (row: Row) => string;
  /** Columns the card's title already shows. */
  cardOmits?: string[];
  /** Words of the sort controls: `sortBy(header)` names a header's button; `sort` the cards' sort group. */
  labels: { sortBy: (header: string) => string; sort: string };
  minWidth?: number;
}

/**
 * A list of records as a table whose sortable headers are buttons (with `aria-sort` on the header), or at
 * 640 px or less as one card per row, with the same sort buttons above them. Shared by the admin's views.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const narrow = useIsNarrow();
  return narrow ? <DataCards {...props} /> : <WideTable {...props} />;
}

function SortIcon({ state }: { state: ColumnSort }) {
  const Icon = state === 'descending' ? IconArrowDown : state === 'ascending' ? IconArrowUp : IconArrowsSort;
  return <Icon size={14} aria-hidden="true" />;
}

function WideTable<Row>({ rows, rowKey, columns, caption, labels, minWidth = 860 }: DataTableProps<Row>) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th
                key={column.key}
                scope="col"
                aria-sort={column.sort ? (column.sort.state ?? 'none') : undefined}
              >
                {column.sort ? (
                  <UnstyledButton
                    className="ig-data-table-sort"
                    onClick={column.sort.onSort}
                    aria-label={labels.sortBy(column.header)}
                  >
                    {column.header}
                    <SortIcon state={column.sort.state} />
                  </UnstyledButton>
                ) : (
                  column.header
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td
                  key={column.key}
                  className={column.nowrap ? 'ig-data-table-nowrap' : 'ig-data-table-wrap'}
                >
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DataCards<Row>({
  rows,
  rowKey,
  columns,
  caption,
  cardTitle,
  cardLabel,
  cardOmits = [],
  labels,
}: DataTableProps<Row>) {
  const sortable = columns.filter((c) => c.sort);
  return (
    <Stack gap="xs">
      {sortable.length > 0 ? (
        <Group gap="xs" role="group" aria-label={labels.sort}>
          {sortable.map((column) => (
            <Button
              key={column.key}
              size="xs"
              variant={column.sort?.state ? 'light' : 'default'}
              aria-pressed={column.sort?.state !== null}
              rightSection={<SortIcon state={column.sort?.state ?? null} />}
              onClick={column.sort?.onSort}
              aria-label={labels.sortBy(column.header)}
            >
              {column.header}
            </Button>
          ))}
        </Group>
      ) : null}
      <ul className="ig-data-cards" aria-label={caption}>
        {rows.map((row) => (
          <li key={rowKey(row)}>
            <Paper withBorder radius="md" p="sm" component="article" aria-label={cardLabel(row)}>
              <Stack gap={6}>
                <div className="ig-data-table-wrap">{cardTitle(row)}</div>
                <dl className="ig-data-card-facts">
                  {columns
                    .filter((c) => !cardOmits.includes(c.key))
                    .map((column) => (
                      <div key={column.key}>
                        <Text component="dt" size="xs" c="dimmed">
                          {column.header}
                        </Text>
                        <dd>{column.cell(row)}</dd>
                      </div>
                    ))}
                </dl>
              </Stack>
            </Paper>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
