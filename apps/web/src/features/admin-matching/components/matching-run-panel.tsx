import type { MatchingRun } from '@intergen/contracts';
import { matchingRunStatusLabels as runStatusLabels, adminMatchingTexts as t } from '@intergen/domain';
import { Badge, Button, Group, Loader, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useId } from 'react';
import { ErrorAlert } from '../../../components/alerts';
import { errorMessage } from '../../../lib/api-client';
import { isRunActive, useLatestRun } from '../api/get-latest-run';
import { useStartMatchingRun } from '../api/start-run';
import { formatDateTime, runStatusColors } from './run-status';

/**
 * "Full matching run": starts a batch that scores every pair again (DESIGN.md §5, batch on demand) and shows
 * the latest run's progress, asking again every second while it is queued or running.
 */
export function MatchingRunPanel() {
  const headingId = useId();
  const latest = useLatestRun();
  const start = useStartMatchingRun();
  const run = latest.data ?? null;
  const active = isRunActive(run);

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id={headingId}>
            {t.runTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {t.runDescription}
          </Text>
        </Stack>
        <Group>
          <Button
            leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
            onClick={() => start.mutate()}
            loading={start.isPending}
            disabled={active}
          >
            {t.startRun}
          </Button>
        </Group>
        <ErrorAlert message={start.isError ? errorMessage(start.error) : null} />
        {latest.isPending ? (
          <Skeleton height={80} />
        ) : latest.isError ? (
          <ErrorAlert message={errorMessage(latest.error)} />
        ) : (
          <div role="status" aria-live="polite">
            {run ? <RunFacts run={run} /> : <Text size="sm">{t.noRun}</Text>}
          </div>
        )}
      </Stack>
    </Paper>
  );
}

function RunFacts({ run }: { run: MatchingRun }) {
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {t.latestRun}
        </Text>
        <Badge color={runStatusColors[run.status]} variant="light">
          {runStatusLabels[run.status]}
        </Badge>
        {isRunActive(run) ? <Loader size="xs" aria-hidden="true" /> : null}
      </Group>
      <dl className="ig-run-facts">
        <dt>{t.status}</dt>
        <dd>{runStatusLabels[run.status]}</dd>
        <dt>{t.pairs}</dt>
        <dd>{run.pairs.toLocaleString('en-US')}</dd>
        <dt>{t.written}</dt>
        <dd>{run.written.toLocaleString('en-US')}</dd>
        <dt>{t.suggestionsCreated}</dt>
        <dd>{run.suggestionsCreated.toLocaleString('en-US')}</dd>
        <dt>{t.started}</dt>
        <dd>{formatDateTime(run.startedAt)}</dd>
        <dt>{t.finished}</dt>
        <dd>{formatDateTime(run.finishedAt)}</dd>
      </dl>
      {run.error ? <ErrorAlert message={t.runError(run.error)} /> : null}
    </Stack>
  );
}
