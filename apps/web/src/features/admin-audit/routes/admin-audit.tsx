import { auditActionLabels, auditTexts as t } from '@intergen/domain';
import { Button, Group, NativeSelect, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/alerts';
import { Page } from '../../../components/page';
import { errorMessage } from '../../../lib/api-client';
import { useDebouncedSearch } from '../../../lib/debounced-search';
import { useUrlParams } from '../../../lib/url-params';
import { useAuditLog } from '../api/audit-api';
import { AuditTable } from '../components/audit-table';

const anyAction = 'any';

/**
 * `/admin/audit`: who changed what in the admin console, and when, newest first, page by page; the
 * action filter lives in the address (`?action=settings.update`).
 */
export function AdminAuditRoute() {
  const { params, set: setParams } = useUrlParams();
  const action = params.get('action') || null;
  const search = params.get('q') ?? '';
  const [text, setText] = useState(search);
  const log = useAuditLog(action, search);
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const set = (key: string, value: string | null) => setParams({ [key]: value });
  const choose = (value: string) => set('action', value !== anyAction ? value : null);
  useDebouncedSearch(text, search, (value) => set('q', value));

  return (
    <Page title={t.pageTitle} description={t.pageDescription} wide>
      <Stack gap="md">
        <Group gap="sm" align="flex-end">
          <TextInput
            type="search"
            label={t.search}
            placeholder={t.searchPlaceholder}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={text}
            maxLength={100}
            onChange={(event) => setText(event.currentTarget.value)}
            w={{ base: '100%', xs: 320 }}
          />
          <NativeSelect
            label={t.actionFilter}
            w={{ base: '100%', xs: 320 }}
            value={action ?? anyAction}
            onChange={(event) => choose(event.currentTarget.value)}
            data={[
              { value: anyAction, label: t.anyAction },
              ...Object.entries(auditActionLabels).map(([value, label]) => ({ value, label })),
            ]}
          />
        </Group>
        {log.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={t.loading}>
            <Skeleton height={40} />
            <Skeleton height={40} />
          </Stack>
        ) : log.isError ? (
          <ErrorAlert message={errorMessage(log.error)} />
        ) : entries.length === 0 ? (
          <Text c="dimmed">{search ? t.emptyForSearch : action ? t.emptyForAction : t.empty}</Text>
        ) : (
          <AuditTable entries={entries} />
        )}
        {log.hasNextPage ? (
          <Group justify="center">
            <Button variant="default" onClick={() => log.fetchNextPage()} loading={log.isFetchingNextPage}>
              {t.loadMore}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Page>
  );
}
