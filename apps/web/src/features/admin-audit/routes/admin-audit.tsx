import { auditActionLabels, auditTexts as t } from '@intergen/domain';
import { Button, Group, NativeSelect, Skeleton, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/alerts';
import { Page } from '../../../components/page';
import { errorMessage } from '../../../lib/api-client';
import { useAuditLog } from '../api/audit-api';
import { AuditTable } from '../components/audit-table';

const anyAction = 'any';

/**
 * `/admin/audit`: who changed what in the admin console, and when (issue 14), newest first, page by page; the
 * action filter lives in the address (`?action=settings.update`).
 */
export function AdminAuditRoute() {
  const [params, setParams] = useSearchParams();
  const action = params.get('action') || null;
  const log = useAuditLog(action);
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const choose = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value !== anyAction) next.set('action', value);
        else next.delete('action');
        return next;
      },
      { replace: true },
    );

  return (
    <Page title={t.pageTitle} description={t.pageDescription} wide>
      <Stack gap="md">
        <NativeSelect
          label={t.actionFilter}
          maw={320}
          value={action ?? anyAction}
          onChange={(event) => choose(event.currentTarget.value)}
          data={[
            { value: anyAction, label: t.anyAction },
            ...Object.entries(auditActionLabels).map(([value, label]) => ({ value, label })),
          ]}
        />
        {log.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={t.loading}>
            <Skeleton height={40} />
            <Skeleton height={40} />
          </Stack>
        ) : log.isError ? (
          <ErrorAlert message={errorMessage(log.error)} />
        ) : entries.length === 0 ? (
          <Text c="dimmed">{action ? t.emptyForAction : t.empty}</Text>
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
