import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/SegmentedControl.css';
import type { NetworkRequest } from '@intergen/contracts';
import {
  commonTexts,
  connectionRequestTexts as ct,
  layout,
  type MyNetworkSection,
  myNetworkSectionOf,
  myNetworkSections,
  myNetworkSectionsOf,
  navigationTexts,
  networkTexts as t,
} from '@intergen/domain';
import { Badge, Button, Grid, NavLink, SegmentedControl, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInbox, IconUsers } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { CardCarousel, useSlidesPerView } from '../../../components/card-carousel';
import { SeeAllLink } from '../../../components/community-link';
import { EmptyPanel } from '../../../components/empty-panel';
import { LoadFailed } from '../../../components/load-failed';
import { MemberCardsLoading } from '../../../components/member-card';
import { Page } from '../../../components/page';
import { useSignedInUser } from '../../../lib/session';
import { useUrlParams } from '../../../lib/url-params';
import { useNetwork } from '../api/get-network';
import { FindAdvisors } from '../components/find-advisors';
import { NetworkRequestCard } from '../components/network-request-card';
import { RequestTable } from '../components/request-table';
import { useNetworkActions } from '../components/use-network-actions';

/** What the app lends the page from the connections feature (features never import each other). */
export interface MyNetworkSlots {
  /** Connection requests received and sent (the Requests section, below the network requests). */
  connectionRequests?: ReactNode;
  /**
   * The connections waiting for a review (`Review Your Recent Connections`), then all connections: an
   * expert's Ventures, a company's Advisors.
   */
  connections?: ReactNode;
}

type Actions = ReturnType<typeof useNetworkActions>;

/** One carousel of network requests with `View More` into the table view. */
function RequestCarousel({
  title,
  requests,
  actions,
  onViewMore,
}: {
  title: string;
  requests: readonly NetworkRequest[];
  actions: Actions;
  onViewMore?: () => void;
}) {
  const headingId = useId();
  const slides = useSlidesPerView();
  if (requests.length === 0) return null;
  // `View More` opens the table of them all: only worth it when the row cannot show them all at once.
  const more = requests.length > slides;
  return (
    <section aria-labelledby={headingId}>
      <CardCarousel
        heading={
          <Title order={2} fz="xl" id={headingId}>
            {title}
          </Title>
        }
        labelledBy={headingId}
        label={title}
        items={requests}
        getKey={(r) => r.id}
        renderItem={(r) => (
          <NetworkRequestCard request={r} busy={actions.busyId === r.id} onAction={actions.run} />
        )}
      />
      {onViewMore && more ? (
        <Button variant="subtle" mt="xs" onClick={onViewMore} aria-describedby={headingId}>
          {t.viewMore}
        </Button>
      ) : null}
    </section>
  );
}

/** Requests: network requests received and sent (carousels, `View More` into tables), then connection requests. */
function RequestsSection({
  received,
  sent,
  actions,
  connectionRequests,
}: {
  received: readonly NetworkRequest[];
  sent: readonly NetworkRequest[];
  actions: Actions;
  connectionRequests: ReactNode;
}) {
  const [table, setTable] = useState<'received' | 'sent' | null>(null);
  if (table) {
    return (
      <RequestTable
        title={table === 'received' ? t.receivedNetworkRequests : t.sentNetworkRequests}
        requests={table === 'received' ? received : sent}
        busyId={actions.busyId}
        onAction={actions.run}
        onBack={() => setTable(null)}
      />
    );
  }
  return (
    <Stack gap="xl">
      {/* With no network request, the connection requests' own empty state says `No pending requests`. */}
      {received.length + sent.length === 0 && !connectionRequests ? (
        <EmptyPanel icon={<IconInbox aria-hidden="true" />} title={ct.noPendingRequests} />
      ) : null}
      <RequestCarousel
        title={t.receivedNetworkRequests}
        requests={received}
        actions={actions}
        onViewMore={() => setTable('received')}
      />
      <RequestCarousel
        title={t.sentNetworkRequests}
        requests={sent}
        actions={actions}
        onViewMore={() => setTable('sent')}
      />
      {connectionRequests}
    </Stack>
  );
}

/** Advisors (experts): the network, then the search for advisors of the same ventures. */
function AdvisorsSection({ connected, actions }: { connected: readonly NetworkRequest[]; actions: Actions }) {
  return (
    <Stack gap="xl">
      {connected.length === 0 ? (
        <Stack gap="md">
          <Title order={2} fz="xl">
            {t.yourNetwork}
          </Title>
          <EmptyPanel icon={<IconUsers aria-hidden="true" />} title={ct.youHaveNoConnections} />
        </Stack>
      ) : (
        <RequestCarousel title={t.yourNetwork} requests={connected} actions={actions} />
      )}
      <FindAdvisors />
    </Stack>
  );
}

/** The sections with their counts: a sidebar, or tabs on top at 640 px and below (spec 000 §2). */
function SectionPicker({
  sections,
  current,
  counts,
  onPick,
}: {
  sections: readonly MyNetworkSection[];
  current: MyNetworkSection;
  counts: Record<MyNetworkSection, number | null>;
  onPick: (section: MyNetworkSection) => void;
}) {
  const narrow = useMediaQuery(`(max-width: ${layout.breakpoint}px)`);
  const label = (s: MyNetworkSection) => t.sectionLabels[s];
  if (narrow) {
    return (
      <SegmentedControl
        fullWidth
        aria-label={t.sectionsLabel}
        value={current}
        onChange={(v) => onPick(v as MyNetworkSection)}
        data={sections.map((s) => ({
          value: s,
          label: counts[s] === null ? label(s) : t.sectionWithCount(label(s), counts[s]),
        }))}
      />
    );
  }
  return (
    <nav aria-label={t.sectionsLabel}>
      {sections.map((s) => (
        <NavLink
          key={s}
          component="button"
          label={label(s)}
          active={s === current}
          aria-current={s === current ? 'page' : undefined}
          onClick={() => onPick(s)}
          rightSection={counts[s] === null ? null : <Badge variant="light">{counts[s]}</Badge>}
        />
      ))}
    </nav>
  );
}

/**
 * `/my-network?section=Requests|Advisors|Ventures` (spec 000 §2): the sections with their counts, the section in
 * the address. An expert's network requests, network and search are this feature's; connection requests and
 * connections come from the connections feature through the app (`slots`).
 */
export function MyNetworkPage({ connectionRequests, connections }: MyNetworkSlots) {
  const user = useSignedInUser();
  const kind = user.kind === 'company' ? 'company' : 'expert';
  const { params, set: setParams } = useUrlParams();
  const section = myNetworkSectionOf(kind, params.get('section'));
  const network = useNetwork();
  const actions = useNetworkActions();
  const c = network.data?.counts;
  const counts: Record<MyNetworkSection, number | null> = {
    Requests: c?.requests ?? null,
    Advisors: c?.advisors ?? null,
    Ventures: c?.ventures ?? null,
  };

  // The connections feature's sections (a company's Requests, the connections) need nothing of the network's answer
  // but the counts beside the section names: they show at once, each with its own loading row.
  const fromNetwork = kind === 'expert' && section !== myNetworkSections[2];
  let body: ReactNode;
  if (!fromNetwork)
    body = section === myNetworkSections[0] ? connectionRequests : <Stack gap="xl">{connections}</Stack>;
  else if (network.isPending) body = <MemberCardsLoading label={t.loading} count={3} />;
  else if (network.isError)
    body = (
      <LoadFailed
        message={t.loadFailed}
        retryLabel={commonTexts.tryAgain}
        onRetry={() => void network.refetch()}
      />
    );
  else if (section === myNetworkSections[0])
    body = (
      <RequestsSection
        received={network.data.received}
        sent={network.data.sent}
        actions={actions}
        connectionRequests={connectionRequests}
      />
    );
  else body = <AdvisorsSection connected={network.data.connected} actions={actions} />;

  return (
    <Page title={navigationTexts.myNetwork} wide>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <SectionPicker
            sections={myNetworkSectionsOf(kind)}
            current={section}
            counts={counts}
            onPick={(s) => setParams({ section: s }, { push: true })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9 }}>
          <Stack gap="md">
            {actions.failure}
            {section === myNetworkSections[0] ? null : (
              <SeeAllLink list={section === myNetworkSections[1] ? 'experts' : 'ventures'} named />
            )}
            {body}
          </Stack>
        </Grid.Col>
      </Grid>
      {actions.dialog}
    </Page>
  );
}
