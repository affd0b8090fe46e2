import type { OutboxTopicSummary } from '@intergen/contracts';
import { commonTexts, outboxTexts as t } from '@intergen/domain';
import { Anchor, EmptyState, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { Fragment, useId } from 'react';
import { LoadFailed } from '../../../components/load-failed';
import { errorMessage } from '../../../lib/api-client';
import { useOutboxSummary } from '../api/get-outbox-summary';

const countKeys = ['due', 'running', 'retrying', 'dead', 'doneLastDay'] as const;

/** One card per topic: its rows by state, and how long its oldest due row has waited. */
export function SummaryCards({ onShowTopic }: { onShowTopic: (topic: string) => void }) {
  const summary = useOutboxSummary();
  const headingId = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="lg" id={headingId}>
        {t.topicsTitle}
      </Title>
      {summary.isPending ? (
        <SimpleGrid cols={{ base: 2, md: 3 }} aria-busy="true" aria-label={t.topicsLoading}>
          {[0, 1, 2].map((card) => (
            <Skeleton key={card} height={150} />
          ))}
        </SimpleGrid>
      ) : summary.isError ? (
        <LoadFailed
          message={errorMessage(summary.error)}
          retryLabel={commonTexts.tryAgain}
          onRetry={() => summary.refetch()}
        />
      ) : summary.data.length === 0 ? (
        <EmptyState size="sm" icon={<IconInbox aria-hidden="true" />} description={t.noTopics} />
      ) : (
        <SimpleGrid component="ul" cols={{ base: 2, md: 3 }} className="ig-outbox-list">
          {summary.data.map((topic) => (
            <li key={topic.topic}>
              <TopicCard summary={topic} onShow={() => onShowTopic(topic.topic)} />
            </li>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function TopicCard({ summary, onShow }: { summary: OutboxTopicSummary; onShow: () => void }) {
  const titleId = useId();
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', xs: 'md' }}
      component="article"
      aria-labelledby={titleId}
      h="100%"
    >
      <Stack gap="xs">
        <Title order={3} fz="md" id={titleId} className="ig-outbox-wrap">
          {summary.topic}
        </Title>
        <dl className="ig-outbox-counts">
          {countKeys.map((key) => (
            <Fragment key={key}>
              <dt>{t.counts[key]}</dt>
              <dd>
                {key === 'dead' && summary.dead > 0 ? (
                  <Text span fw={700} c="red.9">
                    {summary.dead}
                  </Text>
                ) : (
                  summary[key]
                )}
              </dd>
            </Fragment>
          ))}
          <dt>{t.oldestDue}</dt>
          <dd>{summary.oldestDueAgeMs === null ? t.oldestDueNone : t.age(summary.oldestDueAgeMs)}</dd>
        </dl>
        <Anchor component="button" type="button" size="sm" ta="left" onClick={onShow}>
          {t.showTopic(summary.topic)}
        </Anchor>
      </Stack>
    </Paper>
  );
}
