import '@mantine/core/styles/Table.css';
import type { OutboxOrder, OutboxRow, OutboxRowState } from '@intergen/contracts';
import { outboxTexts as t } from '@intergen/domain';
import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useIsNarrow } from '../../../lib/media';
import { formatOutboxTime } from './format';

/** Dark shades: the badges' text keeps AA contrast on the table's striped rows. */
const stateColors: Record<OutboxRowState, string> = {
  pending: 'gray.7',
  running: 'blue.9',
  retrying: 'grape.9',
  dead: 'red.9',
};

export interface RowActions {
  onRetry: (row: OutboxRow) => void;
  onDiscard: (row: OutboxRow) => void;
  /** The row an action is under way for. */
  busyId: number | null;
}

interface RowsTableProps extends RowActions {
  rows: OutboxRow[];
  order: OutboxOrder;
  caption: string;
}

/**
 * The open rows: a table by id, or at 640 px or less one card per row (eight columns would push the actions
 * off screen). Dead rows can be retried or discarded, rows waiting for their next try retried.
 */
export function RowsTable({ rows, order, caption, ...actions }: RowsTableProps) {
  const narrow = useIsNarrow();
  if (narrow) {
    return (
      <ul className="ig-outbox-list ig-outbox-rows-narrow" aria-label={caption}>
        {rows.map((row) => (
          <li key={row.id}>
            <RowCard row={row} actions={actions} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" aria-sort={order === 'newest' ? 'descending' : 'ascending'}>
              {t.row}
            </Table.Th>
            <Table.Th scope="col">{t.what}</Table.Th>
            <Table.Th scope="col">{t.state}</Table.Th>
            <Table.Th scope="col">{t.attempts}</Table.Th>
            <Table.Th scope="col">{t.lastError}</Table.Th>
            <Table.Th scope="col">{t.runAt}</Table.Th>
            <Table.Th scope="col">{t.created}</Table.Th>
            <Table.Th scope="col">{t.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.id}</Table.Td>
              <Table.Td className="ig-outbox-wrap">
                <Text size="sm" fw={600}>
                  {row.description}
                </Text>
                {row.description !== row.topic ? (
                  <Text size="xs" c="dimmed">
                    {row.topic}
                  </Text>
                ) : null}
                <MailLines row={row} />
              </Table.Td>
              <Table.Td>
                <StateBadge state={row.state} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {t.attemptsOf(row.attempts, row.maxAttempts)}
              </Table.Td>
              <Table.Td className="ig-outbox-wrap" maw={280}>
                {row.lastError ?? t.none}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <NextRun row={row} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={new Date(row.createdAt).toISOString()}>
                  {formatOutboxTime(row.createdAt)}
                </time>
              </Table.Td>
              <Table.Td>
                <ActionButtons row={row} actions={actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** An e-mail row's recipient and subject, so the admin knows which mail it is. */
function MailLines({ row }: { row: OutboxRow }) {
  if (!row.mail) return null;
  return (
    <>
      <Text size="xs">{t.mailTo(row.mail.to)}</Text>
      <Text size="xs">{t.mailSubject(row.mail.subject)}</Text>
    </>
  );
}

function RowCard({ row, actions }: { row: OutboxRow; actions: RowActions }) {
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={t.rowLabel(row.id, row.description)}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div className="ig-outbox-wrap">
            <Text size="sm" fw={600}>
              {row.description}
            </Text>
            <Text size="xs" c="dimmed">
              {row.description === row.topic ? '' : `${row.topic} · `}
              {t.row} {row.id}
            </Text>
            <MailLines row={row} />
          </div>
          <StateBadge state={row.state} />
        </Group>
        <dl className="ig-outbox-counts">
          <dt>{t.attempts}</dt>
          <dd>{t.attemptsOf(row.attempts, row.maxAttempts)}</dd>
          <dt>{t.runAt}</dt>
          <dd>
            <NextRun row={row} />
          </dd>
          <dt>{t.created}</dt>
          <dd>{formatOutboxTime(row.createdAt)}</dd>
        </dl>
        {row.lastError ? (
          <Text size="sm" className="ig-outbox-wrap">
            <Text span fw={600} size="sm">
              {t.lastError}:
            </Text>{' '}
            {row.lastError}
          </Text>
        ) : null}
        <ActionButtons row={row} actions={actions} />
      </Stack>
    </Paper>
  );
}

function StateBadge({ state }: { state: OutboxRowState }) {
  return (
    <Badge variant="outline" color={stateColors[state]} style={{ flexShrink: 0 }}>
      {t.stateLabels[state]}
    </Badge>
  );
}

/** When a waiting row runs next; a dead row never does on its own. */
function NextRun({ row }: { row: OutboxRow }) {
  if (row.state === 'dead') return t.none;
  return <time dateTime={new Date(row.runAt).toISOString()}>{formatOutboxTime(row.runAt)}</time>;
}

function ActionButtons({ row, actions }: { row: OutboxRow; actions: RowActions }) {
  const retryable = row.state === 'dead' || row.state === 'retrying';
  if (!retryable) return null;
  const busy = actions.busyId === row.id;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        aria-label={t.retryRow(row.id)}
        loading={busy}
        onClick={() => actions.onRetry(row)}
      >
        {t.retry}
      </Button>
      {row.state === 'dead' ? (
        <Button
          size="xs"
          variant="outline"
          color="red.9"
          aria-label={t.discardRow(row.id)}
          disabled={busy}
          onClick={() => actions.onDiscard(row)}
        >
          {t.discard}
        </Button>
      ) : null}
    </Group>
  );
}
