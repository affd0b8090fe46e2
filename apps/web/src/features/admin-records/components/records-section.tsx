import { commonTexts, adminRecordsTexts as t } from '@intergen/domain';
import { Button, EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconListSearch } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { LoadFailed } from '../../../components/load-failed';
import { errorMessage } from '../../../lib/api-client';

/** What a section needs of its infinite query. */
export interface RecordsQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
  isFetchingNextPage: boolean;
}

interface RecordsSectionProps {
  title: string;
  /** The search and the filters. */
  filters: ReactNode;
  query: RecordsQuery;
  /** The total for the filters, read (null while loading). */
  total: number | null;
  shown: number;
  countText: (total: number) => string;
  /** Whether a search or filter narrows the list (the empty state then offers to clear them). */
  filtered: boolean;
  onClear: () => void;
  /** The empty state's words when nothing narrows the list. */
  emptyText: string;
  children: ReactNode;
}

/** A list of records with its filters, count, loading, error and empty states, and "Load more". */
export function RecordsSection(props: RecordsSectionProps) {
  const { title, filters, query, total, shown, countText, filtered, onClear, emptyText, children } = props;
  const headingId = useId();
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', xs: 'lg' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} fz="lg" id={headingId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed" aria-live="polite" aria-atomic="true">
            {total === null ? '' : shown < total ? t.shownOf(shown, countText(total)) : countText(total)}
          </Text>
        </Group>
        <Group gap="sm" align="flex-end" role="group" aria-label={t.filtersLabel}>
          {filters}
          {filtered && shown > 0 ? (
            <Button variant="subtle" onClick={onClear}>
              {t.clearFilters}
            </Button>
          ) : null}
        </Group>
        {query.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={t.loading}>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} height={40} />
            ))}
          </Stack>
        ) : query.isError ? (
          <LoadFailed
            message={errorMessage(query.error)}
            retryLabel={commonTexts.tryAgain}
            onRetry={() => query.refetch()}
          />
        ) : shown === 0 ? (
          <Stack align="center" gap="xs">
            <EmptyState
              size="sm"
              icon={<IconListSearch aria-hidden="true" />}
              title={t.emptyTitle}
              description={filtered ? t.emptyFiltered : emptyText}
            />
            {filtered ? (
              <Button variant="default" onClick={onClear}>
                {t.clearFilters}
              </Button>
            ) : null}
          </Stack>
        ) : (
          children
        )}
        {query.hasNextPage && shown > 0 ? (
          <Group justify="center">
            <Button
              variant="default"
              onClick={() => query.fetchNextPage()}
              loading={query.isFetchingNextPage}
            >
              {t.loadMore}
            </Button>
          </Group>
        ) : null}
        <Text size="xs" c="dimmed">
          {t.live}
        </Text>
      </Stack>
    </Paper>
  );
}
