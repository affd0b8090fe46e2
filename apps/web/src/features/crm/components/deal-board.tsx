import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { CrmBoardResponse, CrmDeal } from '@intergen/contracts';
import { type CrmPipeline, lostStageOf, crmTexts as t } from '@intergen/domain';
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

const dayMs = 86_400_000;
/** Whole days from `since` to now. */
export const daysSince = (since: number, until = Date.now()) =>
  Math.max(0, Math.floor((until - since) / dayMs));

/** What a card needs of the board around it: open it, whether it is being saved, the board's stalled days. */
interface CardContext {
  onOpen: (id: string) => void;
  movingId: string | null;
  stalledAfterDays: number;
  /** Deals moved off the board's later pages since they were read. */
  movedAway: ReadonlySet<string>;
}

/**
 * A deal's card. Its button's name is the parties as they read on the card (no separate label, so what a
 * person sees is what a voice user says); the button stretches over the whole card. A pointer drags the card
 * (past a few pixels, so a click still opens it); the keyboard's way is the deal's Move to stage.
 */
function DealCard({ deal, ctx }: { deal: CrmDeal; ctx: CardContext }) {
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: deal.id, data: { deal } });
  return (
    <div ref={setNodeRef} {...listeners} className="ig-crm-draggable" data-dragging={isDragging || undefined}>
      <CardBody deal={deal} ctx={ctx} />
    </div>
  );
}

function CardBody({ deal, ctx }: { deal: CrmDeal; ctx: CardContext }) {
  const [firstLabel, secondLabel] = partiesOf(deal);
  const p = deal.properties;
  const moving = ctx.movingId === deal.id;
  return (
    <Card withBorder padding="sm" radius="md" className="ig-crm-card" aria-busy={moving || undefined}>
      <Stack gap={4}>
        <button type="button" className="ig-crm-card-open" onClick={() => ctx.onOpen(deal.id)}>
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
        <Group gap={6}>
          <Text size="xs" c="dimmed">
            {`${new Date(deal.updatedAt).toLocaleDateString()} · `}
            <span>{t.daysInStage(daysSince(deal.enteredStageAt))}</span>
          </Text>
          {deal.stalled ? (
            <Badge size="sm" variant="light" color="orange" c="dark.7">
              {t.noMovement(ctx.stalledAfterDays)}
            </Badge>
          ) : null}
          {moving ? (
            <Badge size="sm" variant="outline" role="status">
              {t.moving}
            </Badge>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

/** One stage: its count, its first page of deals and, while there are more, the next pages on request. */
function StageColumn({
  column,
  pipeline,
  filters,
  ctx,
}: {
  column: Column;
  pipeline: CrmPipeline;
  filters: BoardFilters;
  ctx: CardContext;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column.stage });
  const [more, setMore] = useState<{ deals: CrmDeal[]; cursor: string | null } | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cursor = more ? more.cursor : column.nextCursor;
  // The first page is read again every few seconds; a deal that moved up from a later page is shown once.
  const firstIds = new Set(column.deals.map((d) => d.id));
  // A deal moved away since its later page was read is no longer this column's.
  const later = (more?.deals ?? []).filter((d) => !firstIds.has(d.id) && !ctx.movedAway.has(d.id));
  const deals = [...column.deals, ...later];

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
    <section
      ref={setNodeRef}
      className="ig-crm-column"
      aria-label={column.stage}
      data-drop-target={isOver || undefined}
    >
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
          deals.map((deal) => <DealCard key={deal.id} deal={deal} ctx={ctx} />)
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
 * never the page. A card dropped on another column asks for the move (`onMove`); the lost stage first needs a
 * lost reason, so a drop there opens the deal's Move to stage with it chosen (`onAskReason`).
 */
export function DealBoard({
  columns,
  pipeline,
  filters,
  stalledAfterDays,
  movingId,
  onOpen,
  onMove,
  onAskReason,
}: {
  columns: Column[];
  pipeline: CrmPipeline;
  filters: BoardFilters;
  stalledAfterDays: number;
  movingId: string | null;
  onOpen: (id: string) => void;
  onMove: (deal: CrmDeal, stage: string) => void;
  onAskReason: (deal: CrmDeal, stage: string) => void;
}) {
  const [dragged, setDragged] = useState<CrmDeal | null>(null);
  const [movedAway, setMovedAway] = useState<ReadonlySet<string>>(new Set());
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const ctx = { onOpen, movingId, stalledAfterDays, movedAway };
  const onDragStart = (event: DragStartEvent) => setDragged(event.active.data.current?.deal ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const deal = active.data.current?.deal as CrmDeal | undefined;
    const stage = over ? String(over.id) : null;
    if (!deal || !stage || stage === deal.stage) return;
    if (stage === lostStageOf(deal.pipeline)) return onAskReason(deal, stage);
    setMovedAway((ids) => new Set(ids).add(deal.id));
    onMove(deal, stage);
  };
  const style = { '--ig-crm-columns': columns.length } as CSSProperties;
  return (
    <DndContext
      sensors={sensors}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
      accessibility={{ screenReaderInstructions: { draggable: t.dragHint } }}
    >
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must be reachable by keyboard. */}
      <section className="ig-crm-board" aria-label={t.boardLabel} tabIndex={0} style={style}>
        {columns.map((column) => (
          <StageColumn key={column.stage} column={column} pipeline={pipeline} filters={filters} ctx={ctx} />
        ))}
      </section>
      <DragOverlay>{dragged ? <CardBody deal={dragged} ctx={ctx} /> : null}</DragOverlay>
    </DndContext>
  );
}
