import '../components/community.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Kbd.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Switch.css';
import type { MatchingListItem } from '@intergen/contracts';
import { commonTexts, limits, networkTexts, routes, communityTexts as t } from '@intergen/domain';
import { Button, EmptyState, Group, Paper, Stack, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconArrowLeft, IconLock, IconSearchOff, IconUsers } from '@tabler/icons-react';
import { type ReactNode, useDeferredValue, useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/alerts';
import { LoadFailed } from '../../../components/load-failed';
import { MemberCardsLoading } from '../../../components/member-card';
import { Page } from '../../../components/page';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSignedInUser } from '../../../lib/session';
import { type CommunityFilters, type CommunityList, useCommunityList } from '../api/get-community';
import { CommunityCard } from '../components/community-card';
import { CommunityFiltersForm, type CommunityKind } from '../components/community-filters';
import { useCommunityFilters } from '../components/use-community-filters';

interface CommunityPageProps {
  kind: CommunityKind;
  /** A card's score ring and strong-match badge (the matching feature's), composed in by the app layer. */
  renderScore?: (item: MatchingListItem) => ReactNode;
  /** Told when a card's profile is opened (VIEW_PROFILE_FROM_CARD). */
  onViewProfile?: (profileId: string) => void;
}

const baseRoutes: Record<CommunityKind, string> = {
  expert: routes.expertCommunity,
  venture: routes.ventureCommunity,
};
const titles: Record<CommunityKind, string> = {
  expert: networkTexts.expertCommunityTitle,
  venture: networkTexts.ventureCommunityTitle,
};

/** Which list the signed-in member reads on this page; null when it is not theirs (a company on ventures). */
function listFor(kind: CommunityKind, viewer: 'expert' | 'company'): CommunityList | null {
  if (kind === 'expert') return viewer === 'company' ? 'experts-for-company' : 'experts';
  return viewer === 'expert' ? 'companies' : null;
}

/** `Back`: to the previous page, or to the dashboard when the community was opened directly. */
function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Button
      variant="subtle"
      size="sm"
      px={0}
      leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
      onClick={() => (location.key === 'default' ? navigate(routes.dashboard) : navigate(-1))}
      style={{ alignSelf: 'flex-start' }}
    >
      {t.back}
    </Button>
  );
}

/**
 * `/expert-community` and `/venture-community` (spec 000 §2): filterable, searchable lists with a `Back`
 * button. A company on the venture community is told it is for business advisors, and nothing is fetched.
 */
export function CommunityPage({ kind, renderScore, onViewProfile }: CommunityPageProps) {
  const user = useSignedInUser();
  const list = listFor(kind, user.kind ?? 'expert');
  return (
    <Page title={titles[kind]} description={list ? t.description[kind] : undefined} back={<BackButton />}>
      {list ? (
        <CommunityResults kind={kind} list={list} renderScore={renderScore} onViewProfile={onViewProfile} />
      ) : (
        <VenturesForAdvisors />
      )}
    </Page>
  );
}

/** A company on `/venture-community` (spec 001 §6): the page says whom it is for, and where to go instead. */
function VenturesForAdvisors() {
  return (
    <Paper withBorder radius="md" p="lg">
      <EmptyState
        size="sm"
        icon={<IconUsers aria-hidden="true" />}
        title={t.venturesForAdvisorsTitle}
        description={t.venturesForAdvisorsBody}
      >
        <Group gap="sm" justify="center">
          <Button component={Link} to={routes.expertCommunity}>
            {t.toExpertCommunity}
          </Button>
          <Button component={Link} to={routes.dashboard} variant="default">
            {t.toDashboard}
          </Button>
        </Group>
      </EmptyState>
    </Paper>
  );
}

/** True while the person types into a field, where `/` is a character rather than the shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

interface ResultsProps {
  kind: CommunityKind;
  list: CommunityList;
  renderScore?: (item: MatchingListItem) => ReactNode;
  onViewProfile?: (profileId: string) => void;
}

/** Whether the server refuses this member the list: the filters are hidden then. */
function isLocked(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'MEMBERS_LOCKED' || error.code === 'WRONG_ROLE');
}

/**
 * The filters and the cards. The filters read only whether the list is refused (`notifyOnChangeProps`), so a
 * page of cards arriving renders the cards alone, not the filters' MultiSelects and switches again (a long task
 * of its own at a phone's speed: Lighthouse's Total Blocking Time).
 */
function CommunityResults({ kind, list, renderScore, onViewProfile }: ResultsProps) {
  const withStrong = list !== 'experts';
  const form = useCommunityFilters(withStrong);
  const locked = isLocked(useCommunityList(list, form.filters, ['error']).error);
  const { pathname } = useLocation();
  const searchRef = useRef<HTMLInputElement>(null);
  const overlayOpen = pathname !== baseRoutes[kind];

  // `/` anywhere on the page focuses the search (spec 001 §9), unless typing or a profile is open over it.
  useWindowEvent('keydown', (event) => {
    if (event.key !== '/' || overlayOpen || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isTyping(event.target)) return;
    event.preventDefault();
    searchRef.current?.focus();
  });

  return (
    <Stack gap="lg">
      {locked ? null : (
        <CommunityFiltersForm
          kind={kind}
          filters={form.filters}
          searchInput={form.searchInput}
          searchRef={searchRef}
          onSearchInput={form.setSearchInput}
          onSearchSubmit={form.submitSearch}
          onIndustries={form.setIndustries}
          onExpertise={form.setExpertise}
          onFlag={form.setFlag}
          withStrong={withStrong}
          onClear={form.anySet ? form.clear : null}
        />
      )}
      <CommunityCards
        kind={kind}
        list={list}
        filters={form.filters}
        onClear={form.anySet ? form.clear : null}
        overlayOpen={overlayOpen}
        renderScore={renderScore}
        onViewProfile={onViewProfile}
      />
    </Stack>
  );
}

/** The count, the cards (or why there are none) and `Load more`. */
function CommunityCards({
  kind,
  list,
  filters,
  onClear,
  overlayOpen,
  renderScore,
  onViewProfile,
}: ResultsProps & { filters: CommunityFilters; onClear: (() => void) | null; overlayOpen: boolean }) {
  const query = useCommunityList(list, filters);
  const { search } = useLocation();
  const base = baseRoutes[kind];
  const lastOpened = useRef<string | null>(null);

  // Back on the list after a profile closed: focus returns to the card it was opened from.
  useEffect(() => {
    if (overlayOpen || !lastOpened.current) return;
    const id = lastOpened.current;
    lastOpened.current = null;
    const link = document.querySelector<HTMLElement>(`[data-community-card="${CSS.escape(id)}"]`);
    link?.focus({ preventScroll: true });
  }, [overlayOpen]);

  const open = (profileId: string) => {
    lastOpened.current = profileId;
    onViewProfile?.(profileId);
  };

  // The cards render in a transition, in slices that leave the browser free in between, rather than in one long
  // task when a page of them arrives (Lighthouse's Total Blocking Time): until then the skeletons stay.
  const data = useDeferredValue(query.data);
  const pages = data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const total = pages[0]?.total ?? null;
  const locked = isLocked(query.error);

  let body: ReactNode;
  if (query.isPending || (data === undefined && query.data !== undefined)) {
    body = <MemberCardsLoading label={t.loading} count={limits.communityPageSize} grid="ig-community-grid" />;
  } else if (query.isError && items.length === 0) {
    body = locked ? (
      <Locked message={errorMessage(query.error)} />
    ) : (
      <LoadFailed
        message={`${t.loadFailed} ${errorMessage(query.error)}`}
        retryLabel={commonTexts.tryAgain}
        onRetry={() => query.refetch()}
      />
    );
  } else if (items.length === 0) {
    body = (
      <Paper withBorder radius="md" p="lg">
        <EmptyState
          size="sm"
          icon={<IconSearchOff aria-hidden="true" />}
          title={t.noResults}
          description={t.noResultsHint}
        >
          {onClear ? (
            <Button variant="default" onClick={onClear}>
              {t.clearFilters}
            </Button>
          ) : null}
        </EmptyState>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="md">
        <ul className="ig-community-grid" aria-label={t.listLabel[kind]} aria-busy={query.isFetching}>
          {items.map((item) => (
            <li key={item.id}>
              <CommunityCard
                item={item}
                profileHref={`${base}/${encodeURIComponent(item.id)}${search}`}
                aside={renderScore?.(item)}
                onView={open}
              />
            </li>
          ))}
        </ul>
        {query.isFetchNextPageError ? <ErrorAlert message={errorMessage(query.error)} /> : null}
        {query.hasNextPage ? (
          <Button
            variant="default"
            style={{ alignSelf: 'center' }}
            loading={query.isFetchingNextPage}
            onClick={() => query.fetchNextPage()}
          >
            {t.loadMore}
          </Button>
        ) : null}
      </Stack>
    );
  }

  return (
    <>
      {locked ? null : (
        <Text role="status" fw={600} aria-live="polite">
          {total === null ? '' : t.count[kind](total)}
        </Text>
      )}
      {body}
    </>
  );
}

/** A member who may not read the community yet (pending or unpublished): the server's reason, and a way on. */
function Locked({ message }: { message: string }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <EmptyState
        size="sm"
        icon={<IconLock aria-hidden="true" />}
        title={t.lockedTitle}
        description={message}
      >
        <Group gap="sm" justify="center">
          <Button component={Link} to={routes.dashboard}>
            {t.toDashboard}
          </Button>
          <Button component={Link} to={routes.profilePublic} variant="default">
            {t.toProfile}
          </Button>
        </Group>
      </EmptyState>
    </Paper>
  );
}
