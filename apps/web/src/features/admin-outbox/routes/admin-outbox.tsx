import { type OutboxRow, OutboxRowsQuerySchema, outboxListStatuses, outboxOrders } from '@intergen/contracts';
import { commonTexts, outboxTexts as t } from '@intergen/domain';
import { Button, EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { ErrorAlert, SuccessAlert } from '../../../components/alerts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadFailed } from '../../../components/load-failed';
import { Page } from '../../../components/page';
import { errorMessage } from '../../../lib/api-client';
import { useDiscardOutboxRow } from '../api/discard-outbox-row';
import { type OutboxRowsFilter, useOutboxRows } from '../api/get-outbox-rows';
import { useOutboxSummary } from '../api/get-outbox-summary';
import { useRetryOutboxRow } from '../api/retry-outbox-row';
import '../components/outbox.css';
import { useUrlParams } from '../../../lib/url-params';
import { OutboxFilters } from '../components/outbox-filters';
import { RowsTable } from '../components/rows-table';
import { SummaryCards } from '../components/summary-cards';

/** The filters the address holds; anything the contract does not accept counts as no filter. */
function filterOf(params: URLSearchParams): OutboxRowsFilter {
  const topic = OutboxRowsQuerySchema.shape.topic.safeParse(params.get('topic') || undefined);
  const status = outboxListStatuses.find((s) => s === params.get('status'));
  const order = outboxOrders.find((o) => o === params.get('order'));
  return {
    topic: (topic.success && topic.data) || null,
    status: status ?? null,
    order: order ?? 'newest',
  };
}

/**
 * `/admin/outbox`: what the outbox holds per topic, and its open rows filtered by topic and status (in the
 * address), read again every few seconds; a dead row can be retried or, after a confirmation, discarded.
 */
export function AdminOutboxRoute() {
  const { params, set } = useUrlParams();
  const filter = filterOf(params);
  const summary = useOutboxSummary();
  const setFilter = (key: keyof OutboxRowsFilter, value: string | null) => set({ [key]: value });
  const showTopic = (topic: string) => set({ topic, status: null });

  return (
    <Page title={t.pageTitle} description={t.pageDescription} wide>
      <SummaryCards onShowTopic={showTopic} />
      <RowsSection
        filter={filter}
        topics={summary.data?.map((s) => s.topic) ?? []}
        onFilterChange={setFilter}
      />
    </Page>
  );
}

function RowsSection({
  filter,
  topics,
  onFilterChange,
}: {
  filter: OutboxRowsFilter;
  topics: string[];
  onFilterChange: (key: keyof OutboxRowsFilter, value: string | null) => void;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const rows = useOutboxRows(filter);
  const retry = useRetryOutboxRow();
  const discard = useDiscardOutboxRow();
  const [confirming, setConfirming] = useState<OutboxRow | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = rows.data?.pages.flatMap((page) => page.rows) ?? [];
  const failure = retry.error ?? discard.error;
  // After an action the row may be gone: the focus goes back to the section rather than to nowhere.
  const done = (message: string) => {
    setNotice(message);
    heading.current?.focus();
  };
  const onRetry = (row: OutboxRow) => {
    discard.reset();
    setNotice(null);
    retry.mutate(row.id, { onSuccess: () => done(t.retried(row.id)) });
  };
  const onDiscard = () => {
    const row = confirming;
    setConfirming(null);
    if (!row) return;
    retry.reset();
    setNotice(null);
    discard.mutate(row.id, { onSuccess: () => done(t.discarded(row.id)) });
  };
  const busyId = retry.isPending ? retry.variables : discard.isPending ? discard.variables : null;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', xs: 'lg' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="md">
        <Title order={2} fz="lg" id={headingId} ref={heading} tabIndex={-1}>
          {t.rowsTitle}
        </Title>
        <OutboxFilters filter={filter} topics={topics} onChange={onFilterChange} />
        <ErrorAlert message={failure ? errorMessage(failure) : null} />
        <SuccessAlert message={notice} />
        {rows.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={t.rowsLoading}>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} height={40} />
            ))}
          </Stack>
        ) : rows.isError ? (
          <LoadFailed
            message={errorMessage(rows.error)}
            retryLabel={commonTexts.tryAgain}
            onRetry={() => rows.refetch()}
          />
        ) : list.length === 0 ? (
          <EmptyState
            size="sm"
            icon={<IconInbox aria-hidden="true" />}
            title={t.rowsEmptyTitle}
            description={t.rowsEmpty}
          />
        ) : (
          <RowsTable
            rows={list}
            order={filter.order}
            caption={t.rowsTitle}
            onRetry={onRetry}
            onDiscard={setConfirming}
            busyId={busyId ?? null}
          />
        )}
        {rows.hasNextPage ? (
          <Group justify="center">
            <Button variant="default" onClick={() => rows.fetchNextPage()} loading={rows.isFetchingNextPage}>
              {t.loadMore}
            </Button>
          </Group>
        ) : null}
        <Text size="xs" c="dimmed">
          {t.refreshing}
        </Text>
      </Stack>
      <ConfirmDialog
        opened={confirming !== null}
        title={t.discardTitle}
        body={confirming ? t.discardBody(confirming.description) : ''}
        confirmLabel={t.discard}
        cancelLabel={commonTexts.cancel}
        onConfirm={onDiscard}
        onCancel={() => setConfirming(null)}
      />
    </Paper>
  );
}
