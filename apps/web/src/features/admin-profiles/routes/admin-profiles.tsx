import '@mantine/core/styles/Combobox.css';
import { AdminProfilesQuerySchema } from '@intergen/contracts';
import {
  adminProfileTexts,
  commonTexts,
  profileStatuses,
  profileStatusLabels,
  profileTypeLabels,
  profileTypes,
} from '@intergen/domain';
import { Button, EmptyState, Group, Paper, Select, Skeleton, Stack, Title } from '@mantine/core';
import { IconRefresh, IconUsers } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/alerts';
import { Page } from '../../../components/page';
import { errorMessage } from '../../../lib/api-client';
import { type AdminProfilesFilter, useAdminProfiles } from '../api/get-admin-profiles';
import type { ActionLayout } from '../components/action-buttons';
import { ProfilesTable } from '../components/profiles-table';
import { type AdminActions, useAdminActions } from '../components/use-admin-actions';

const awaitingFilter: AdminProfilesFilter = { kind: 'expert', status: 'pending' };

const kindOptions = [
  { value: '', label: adminProfileTexts.any },
  ...profileTypes.map((kind) => ({ value: kind, label: profileTypeLabels[kind] })),
];
const statusOptions = [
  { value: '', label: adminProfileTexts.any },
  ...profileStatuses.map((status) => ({ value: status, label: profileStatusLabels[status] })),
];

/**
 * `/admin/profiles`: business advisors awaiting approval first (approve, verify), then every profile with a
 * filter by type and status (spec 001 §6: admins approve and verify profiles).
 */
export function AdminProfilesRoute() {
  const actions = useAdminActions();
  const [search, setSearch] = useSearchParams();
  // Only the contract's values count; anything else in the address is ignored.
  const parsed = AdminProfilesQuerySchema.safeParse({
    kind: search.get('kind') || undefined,
    status: search.get('status') || undefined,
  });
  const filter: AdminProfilesFilter = parsed.success ? parsed.data : {};

  const setFilter = (key: 'kind' | 'status', value: string | null) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    setSearch(next, { replace: true });
  };

  return (
    <Page title={adminProfileTexts.pageTitle} description={adminProfileTexts.pageDescription} wide>
      <ErrorAlert message={actions.error?.message} />
      <ProfilesSection
        title={adminProfileTexts.awaitingTitle}
        filter={awaitingFilter}
        empty={adminProfileTexts.awaitingEmpty}
        actions={actions}
        layout="awaiting"
      />
      <ProfilesSection
        title={adminProfileTexts.allTitle}
        filter={filter}
        empty={adminProfileTexts.allEmpty}
        actions={actions}
        layout="menu"
        filters={
          <Group gap="sm" align="flex-end">
            <Select
              label={adminProfileTexts.kindFilter}
              data={kindOptions}
              value={filter.kind ?? ''}
              onChange={(value) => setFilter('kind', value)}
              allowDeselect={false}
              w={200}
            />
            <Select
              label={adminProfileTexts.statusFilter}
              data={statusOptions}
              value={filter.status ?? ''}
              onChange={(value) => setFilter('status', value)}
              allowDeselect={false}
              w={200}
            />
          </Group>
        }
      />
    </Page>
  );
}

function ProfilesSection({
  title,
  filter,
  empty,
  actions,
  layout,
  filters,
}: {
  title: string;
  filter: AdminProfilesFilter;
  empty: string;
  actions: AdminActions;
  layout: ActionLayout;
  filters?: React.ReactNode;
}) {
  const list = useAdminProfiles(filter);
  const id = `admin-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Title order={2} fz="lg" id={id}>
            {title}
          </Title>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden="true" />}
            onClick={() => list.refetch()}
            loading={list.isFetching && !list.isPending}
            aria-label={`${commonTexts.refresh}: ${title}`}
          >
            {commonTexts.refresh}
          </Button>
        </Group>
        {filters}
        {list.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={adminProfileTexts.loading}>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} height={40} />
            ))}
          </Stack>
        ) : list.isError ? (
          <ErrorAlert message={errorMessage(list.error)} />
        ) : list.data.length === 0 ? (
          <EmptyState size="sm" icon={<IconUsers aria-hidden="true" />} description={empty} />
        ) : (
          <ProfilesTable rows={list.data} actions={actions} layout={layout} caption={title} />
        )}
      </Stack>
    </Paper>
  );
}
