import '@mantine/core/styles/Table.css';
import { adminAnalyticsTexts as t } from '@intergen/domain';
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** The numbers behind a chart: a header row and body rows (the first cell of each row heads it). */
export interface ChartData {
  columns: readonly string[];
  rows: readonly (readonly (string | number)[])[];
}

interface ChartCardProps {
  title: string;
  description: string;
  /** Null when there is nothing to draw: the card says so instead of drawing empty axes. */
  data: ChartData | null;
  children: ReactNode;
}

/**
 * One chart with its title and description, and the same numbers as a table under `Show the numbers` (a
 * disclosure, so a screen reader or a keyboard reaches every value the picture shows).
 */
export function ChartCard({ title, description, data, children }: ChartCardProps) {
  const titleId = useId();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId} className="ig-analytics-card">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        {data ? (
          <>
            {children}
            <details className="ig-analytics-details">
              <summary>{t.showData}</summary>
              <DataTable caption={title} data={data} />
            </details>
          </>
        ) : (
          <Text>{t.noData}</Text>
        )}
      </Stack>
    </Card>
  );
}

/**
 * A chart's numbers as a table named by the chart's title. On a narrow screen it scrolls inside its card, and the
 * scrolling box takes the keyboard's focus so that the arrow keys reach every column.
 */
function DataTable({ caption, data }: { caption: string; data: ChartData }) {
  return (
    <Table.ScrollContainer type="native" minWidth={data.columns.length * 96} tabIndex={0}>
      <Table striped withTableBorder fz="sm" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {data.columns.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.rows.map((row) => (
            <Table.Tr key={row.slice(0, 2).join('|')}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <Table.Th key={data.columns[index]} scope="row">
                    {cell}
                  </Table.Th>
                ) : (
                  <Table.Td key={data.columns[index]} className="ig-analytics-number">
                    {cell}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
