import type { CrmBoardResponse, CrmDeal } from '@intergen/contracts';
import type { CrmPipeline } from '@intergen/domain';
import { crmTexts as t } from '@intergen/domain';
import { Badge, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { type CSSProperties, useState } from 'react';
import { ErrorAlert } from '../../../components/alerts';
import { errorMessage } from '../../../lib/api-client';
import { type BoardFilters, fetchColumnPage } from '../api/crm-api';
import './crm.css';

type Column = CrmBoardResponse['columns'][number];

/** The deal's parties as the board names them: expert and venture, or initiator and recipient. */
export function partiesOf(deal: CrmDeal): [string, string] {
  return deal.pipeline === 'connection' ? [t.expert, t.venture] : [t.initiator, t.recipient];
}

/** A party as the board names it: a venture by its company, anyone else by their name. */
export function partyName(party: CrmDeal['first']): string {
  return party.companyName ?? party.name;
}

function PartyLine({ party, role }: { party: CrmDeal['first']; role: string }) {
  return (
    <Text size="sm" fw={600} className="ig-crm-party">
      {partyName(party)}
      <Text span c="dimmed" size="xs" fw={400}>
        {party.companyName ? ` · ${party.name}` : ''}
        {` · ${role}`}
      </Text>
    </Text>
  );
}

/**
 * A deal's card. Its button's name is the parties as they read on the card (no separate label, so what a
 * person sees is what a voice user says); the button stretches over the whole card.
 */
function DealCard({ deal, onOpen }: { deal: CrmDeal; onOpen: (id: string) => void }) {
  const [firstLabel, secondLabel] = partiesOf(deal);
  const p = deal.properties;
  return (
    <Card withBorder padding="sm" radius="md" className="ig-crm-card">
      <Stack gap={4}>
        <button type="button" className="ig-crm-card-open" onClick={() => onOpen(deal.id)}>
          <PartyLine party={deal.first} role={firstLabel} />
          <PartyLine party={deal.second} role={secondLabel} />
        </button>
        {p.connection_requested_by ? (
          <Text size="xs" c="dimmed">{`${t.requestedBy}: ${p.connection_requested_by}`}</Text>
        ) : null}
        {p.request_message ? (
          <Text size="xs" lineClamp={2}>
            {String(p.request_message)}
          </Text>
        ) : null}
        <Group gap={6}>
          {p.match_score != null ? <Badge variant="light">{`${t.score} ${p.match_score}`}</Badge> : null}
          {p.rating != null ? (
            <Badge variant="light" color="yellow" c="dark.7">{`${t.rating} ${p.rating}`}</Badge>
          ) : null}
        </Group>
        {deal.lostReason ? (
          <Text size="xs" className="ig-crm-lost" title={deal.lostReason}>
            <VisuallyHidden>{`${t.lostReason}: `}</VisuallyHidden>
            {t.lostReasonLabel(deal.lostReason)}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {new Date(deal.updatedAt).toLocaleDateString()}
        </Text>
      </Stack>
    </Card>
  );
}

/** One stage: its count, its first page of deals and, while there are more, the next pages on request. */
function StageColumn({
  column,
  pipeline,
  filters,
  onOpen,
}: {
  column: Column;
  pipeline: CrmPipeline;
  filters: BoardFilters;
  onOpen: (id: string) => void;
}) {
  const [more, setMore] = useState<{ deals: CrmDeal[]; cursor: string | null } | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cursor = more ? more.cursor : column.nextCursor;
  // The first page is read again every few seconds; a deal that moved up from a later page is shown once.
  const firstIds = new Set(column.deals.map((d) => d.id));
  const deals = [...column.deals, ...(more?.deals ?? []).filter((d) => !firstIds.has(d.id))];

  const loadMore = async () => {
    if (!cursor) return;
    setLoading(true);
    setError(null);
    try {
      const page = await fetchColumnPage(pipeline, filters, column.stage, cursor);
      setMore({ deals: [...(more?.deals ?? []), ...page.deals], cursor: page.nextCursor });
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setLoading(false);
    }
  };

  return (
    <section className="ig-crm-column" aria-label={column.stage}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap={6}>
          <Title order={2} size="h5">
            {column.stage}
          </Title>
          <Badge variant="default" aria-label={t.dealCount(column.total)}>
            {column.total}
          </Badge>
        </Group>
        {deals.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.noDeals}
          </Text>
        ) : (
          deals.map((deal) => <DealCard key={deal.id} deal={deal} onOpen={onOpen} />)
        )}
        {deals.length > 0 && deals.length < column.total ? (
          <Text size="xs" c="dimmed" role="status">
            {t.shownOf(deals.length, column.total)}
          </Text>
        ) : null}
        {error ? <ErrorAlert message={error} /> : null}
        {cursor ? (
          <Button
            size="xs"
            variant="default"
            loading={loading}
            onClick={() => void loadMore()}
            aria-label={t.loadMoreIn(column.stage)}
          >
            {t.loadMore}
          </Button>
        ) : null}
      </Stack>
    </section>
  );
}

/**
 * A column per stage, in pipeline order, each with its count and its deals page by page. At 1280 px and wider
 * the six columns share the width; narrower, the board scrolls sideways in its own box (reachable by keyboard),
 * never the page.
 */
export function DealBoard({
  columns,
  pipeline,
  filters,
  onOpen,
}: {
  columns: Column[];
  pipeline: CrmPipeline;
  filters: BoardFilters;
  onOpen: (id: string) => void;
}) {
  const style = { '--ig-crm-columns': columns.length } as CSSProperties;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must be reachable by keyboard.
    <section className="ig-crm-board" aria-label={t.boardLabel} tabIndex={0} style={style}>
      {columns.map((column) => (
        <StageColumn
          key={column.stage}
          column={column}
          pipeline={pipeline}
          filters={filters}
          onOpen={onOpen}
        />
      ))}
    </section>
  );
}
