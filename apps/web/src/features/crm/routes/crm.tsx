import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Tabs.css';
import { type CrmPipeline, crmPipelines, crmTexts as t } from '@intergen/domain';
import { Alert, Badge, Group, SegmentedControl, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/alerts';
import { Page } from '../../../components/page';
import { errorMessage } from '../../../lib/api-client';
import { useUrlParams } from '../../../lib/url-params';
import { type BoardFilters, type DealMove, useCrmBoard, useMoveDeal } from '../api/crm-api';
import { BoardFiltersBar } from '../components/board-filters';
import { ContactsTable } from '../components/contacts-table';
import { DealBoard } from '../components/deal-board';
import { DealModal } from '../components/deal-modal';
import { DeliveriesTable } from '../components/deliveries-table';

const tabNames = ['board', 'contacts', 'deliveries'] as const;
type TabName = (typeof tabNames)[number];

/**
 * `/admin/crm`: the CRM mirror (DESIGN.md §6). Deals: the pipeline board, read again every few seconds so a
 * deal is seen moving as members act; a card opens the deal and its history. Contacts: the members as the CRM
 * holds them. Deliveries: what failed to reach the CRM, with Retry. Tab, pipeline, the board's search and
 * filters live in the address; every column pages on, so every deal is reachable. An admin moves a deal by
 * dragging its card to another column or with the deal's Move to stage: shown moved at once, put back with the
 * server's reason when it refuses.
 */
export function CrmRoute() {
  const { params, set: setParams } = useUrlParams();
  const tab: TabName = tabNames.find((n) => n === params.get('tab')) ?? 'board';
  const pipeline: CrmPipeline = crmPipelines.find((p) => p === params.get('pipeline')) ?? 'connection';
  const [openDeal, setOpenDeal] = useState<{ id: string; stage?: string } | null>(null);
  const mover = useMoveDeal();
  const move = (m: DealMove) => mover.mutate(m);
  const filters: BoardFilters = {
    q: params.get('q') ?? '',
    stage: params.get('stage') ?? '',
    lostReason: params.get('lostReason') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    stalled: params.get('stalled') === 'true' ? 'true' : '',
  };
  const board = useCrmBoard(pipeline, filters);
  const set = (key: string, value: string) => setParams({ [key]: value });

  return (
    <Page title={t.pageTitle} description={t.pageDescription} wide>
      <Tabs value={tab} onChange={(value) => value && set('tab', value)} keepMounted={false}>
        <Tabs.List>
          {tabNames.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t.tabs[name]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="board" pt="md">
          <Stack gap="md">
            <Group justify="space-between">
              <SegmentedControl
                aria-label={t.pipelinesLabel}
                value={pipeline}
                // A stage or lost reason of one pipeline means nothing in the other.
                onChange={(value) => setParams({ pipeline: value, stage: null, lostReason: null })}
                data={crmPipelines.map((p) => ({ value: p, label: t.pipelineLabels[p] }))}
              />
              {board.data ? (
                <Badge variant="light">
                  {board.data.gateway === 'local' ? t.gatewayLocal : t.gatewayHubspot}
                </Badge>
              ) : null}
            </Group>
            <BoardFiltersBar pipeline={pipeline} filters={filters} onChange={setParams} />
            <MoveOutcome mover={mover} />
            {board.isPending ? (
              <Skeleton height={240} />
            ) : board.isError ? (
              <ErrorAlert message={errorMessage(board.error)} />
            ) : board.data.gateway === 'hubspot' ? (
              <HubSpotNotice />
            ) : (
              <DealBoard
                // A new search or filter starts every column from its first page again.
                key={JSON.stringify([pipeline, filters])}
                columns={board.data.columns}
                pipeline={pipeline}
                filters={filters}
                stalledAfterDays={board.data.stalledAfterDays}
                movingId={mover.isPending ? mover.variables.deal.id : null}
                onOpen={(id) => setOpenDeal({ id })}
                onMove={(deal, stage) => move({ deal, stage, lostReason: null })}
                onAskReason={(deal, stage) => setOpenDeal({ id: deal.id, stage })}
              />
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="contacts" pt="md">
          {board.data?.gateway === 'hubspot' ? <HubSpotNotice /> : <ContactsTable />}
        </Tabs.Panel>
        <Tabs.Panel value="deliveries" pt="md">
          <DeliveriesTable />
        </Tabs.Panel>
      </Tabs>
      <DealModal
        id={openDeal?.id ?? null}
        initialStage={openDeal?.stage ?? null}
        saving={mover.isPending}
        onMove={move}
        onClose={() => setOpenDeal(null)}
      />
    </Page>
  );
}

/** With HubSpot, deals and contacts are HubSpot's to show; this page keeps what only we know (deliveries). */
function HubSpotNotice() {
  return (
    <Alert variant="light" title={t.gatewayHubspot}>
      {t.hubspotNotice}
    </Alert>
  );
}

/** The last move's outcome: its refusal (the deal is back where it was), or where it went. */
function MoveOutcome({ mover }: { mover: ReturnType<typeof useMoveDeal> }) {
  if (mover.isError) return <ErrorAlert message={t.moveFailed(errorMessage(mover.error))} />;
  return (
    <Text size="sm" role="status" c="dimmed">
      {mover.isSuccess ? t.moved(mover.variables.stage) : ''}
    </Text>
  );
}
