import { type AdminMemberSort, AdminMembersQuerySchema } from '@intergen/contracts';
import { commonTexts, adminMembersTexts as t } from '@intergen/domain';
import { Button, EmptyState, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { LoadFailed } from '../../../components/load-failed';
import { Page } from '../../../components/page';
import { errorMessage } from '../../../lib/api-client';
import { type MembersView, useAdminMembers } from '../api/get-admin-members';
import '../components/admin-members.css';
import { useUrlParams } from '../../../lib/url-params';
import {
  ClearFiltersButton,
  type FilterKey,
  isFiltered,
  MembersFilters,
} from '../components/members-filters';
import { MembersTable } from '../components/members-table';

const viewKeys = ['search', 'role', 'status', 'verified', 'private', 'sort', 'order'] as const;

/** One value of the address, if the contract accepts it. */
function valid<T>(schema: z.ZodType<T>, value: string | null): T | undefined {
  const parsed = schema.safeParse(value ?? undefined);
  return parsed.success ? parsed.data : undefined;
}

/** The view the address holds; a value the contract refuses counts as absent (its default). */
function viewOf(params: URLSearchParams): MembersView {
  const shape = AdminMembersQuerySchema.shape;
  return {
    search: valid(shape.search, params.get('search')) ?? '',
    role: valid(shape.role, params.get('role')) ?? null,
    status: valid(shape.status, params.get('status')) ?? null,
    verified: valid(shape.verified, params.get('verified')) ?? null,
    private: valid(shape.private, params.get('private')) ?? null,
    sort: valid(shape.sort, params.get('sort')) ?? 'createdAt',
    order: valid(shape.order, params.get('order')) ?? 'desc',
  };
}

/** Names, e-mails and the dates read best in one direction first: A→Z, the newest and the best rated first. */
const firstOrder = (sort: AdminMemberSort) => (sort === 'name' || sort === 'email' ? 'asc' : 'desc');

/**
 * `/admin/members`: every member with role, profile status, flags, dates and ratings; searched, filtered and
 * sorted, all kept in the address (a view survives a reload and can be shared), 12 at a time with Load more.
 */
export function AdminMembersRoute() {
  const { params, set } = useUrlParams();
  const view = viewOf(params);
  // The view's keys only.
  const update: (changes: Partial<Record<(typeof viewKeys)[number], string | null>>) => void = set;
  const onSearch = useCallback((search: string) => update({ search }), [update]);
  const onFilter = (key: FilterKey, value: string | null) => update({ [key]: value });
  const onSort = (sort: AdminMemberSort) =>
    update({ sort, order: sort === view.sort ? (view.order === 'asc' ? 'desc' : 'asc') : firstOrder(sort) });
  const clear = () => update({ search: null, role: null, status: null, verified: null, private: null });
  const awaiting = () =>
    update({ search: null, role: 'expert', status: 'pending', verified: null, private: null });

  return (
    <Page title={t.pageTitle} description={t.pageDescription} wide>
      <Paper withBorder radius="md" p={{ base: 'sm', xs: 'lg' }}>
        <Stack gap="md">
          {/* Remounted when the address's search changes from elsewhere (Clear filters, back and forward). */}
          <MembersFilters key={view.search} view={view} onSearch={onSearch} onFilter={onFilter} />
          <Group gap="xs">
            <Button variant="light" size="xs" onClick={awaiting}>
              {t.awaitingApproval}
            </Button>
            {isFiltered(view) ? <ClearFiltersButton onClear={clear} /> : null}
          </Group>
          <MembersList view={view} onSort={onSort} onClear={clear} />
        </Stack>
      </Paper>
    </Page>
  );
}

function MembersList({
  view,
  onSort,
  onClear,
}: {
  view: MembersView;
  onSort: (sort: AdminMemberSort) => void;
  onClear: () => void;
}) {
  const members = useAdminMembers(view);
  const list = useRef<HTMLDivElement>(null);
  const rows = members.data?.pages.flatMap((page) => page.members) ?? [];
  const total = members.data?.pages[0]?.total ?? null;

  // The rows stay where they are; the focus goes to the first new member once shown (the button may be gone).
  const [focusId, setFocusId] = useState<string | null>(null);
  const loadMore = async () => {
    const before = rows.length;
    const result = await members.fetchNextPage();
    const added = result.data?.pages.flatMap((page) => page.members)[before];
    if (added) setFocusId(added.id);
  };
  useEffect(() => {
    if (focusId === null) return;
    const link = list.current?.querySelector<HTMLElement>(`[data-member="${CSS.escape(focusId)}"] a`);
    if (!link) return;
    link.focus();
    setFocusId(null);
  });

  if (members.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t.loading}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={40} />
        ))}
      </Stack>
    );
  }
  if (members.isError) {
    return (
      <LoadFailed
        message={errorMessage(members.error)}
        retryLabel={commonTexts.tryAgain}
        onRetry={() => members.refetch()}
      />
    );
  }
  return (
    <Stack gap="sm" ref={list} aria-busy={members.isFetching && !members.isFetchingNextPage}>
      <Text size="sm" c="dimmed" className="ig-members-count" role="status">
        {t.count(rows.length, total)}
      </Text>
      {rows.length === 0 ? (
        <EmptyState
          size="sm"
          icon={<IconUsers aria-hidden="true" />}
          title={t.emptyTitle}
          description={isFiltered(view) ? t.empty : t.emptyNone}
        >
          {isFiltered(view) ? <ClearFiltersButton onClear={onClear} /> : null}
        </EmptyState>
      ) : (
        <MembersTable rows={rows} sort={view.sort} order={view.order} onSort={onSort} />
      )}
      {members.hasNextPage ? (
        <Group justify="center">
          <Button variant="default" onClick={loadMore} loading={members.isFetchingNextPage}>
            {t.loadMore}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
