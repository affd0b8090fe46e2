import { settingsTexts as t } from '@intergen/domain';
import { Skeleton, Stack } from '@mantine/core';
import { ErrorAlert } from '../../../components/alerts';
import { Page } from '../../../components/page';
import { errorMessage } from '../../../lib/api-client';
import { useAdminSettings } from '../api/settings-api';
import { SettingsForm } from '../components/settings-form';

/**
 * `/admin/settings`: the run-time settings in sections (Features, Survey forms, Matching, Version
 * popup, Support), the environment this server runs as marked. A saved change applies at once everywhere.
 */
export function AdminSettingsRoute() {
  const settings = useAdminSettings();
  return (
    <Page title={t.pageTitle} description={t.pageDescription}>
      {settings.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label={t.loading}>
          <Skeleton height={120} />
          <Skeleton height={240} />
        </Stack>
      ) : settings.isError ? (
        <ErrorAlert message={errorMessage(settings.error)} />
      ) : (
        <SettingsForm initial={settings.data} onReload={async () => (await settings.refetch()).data} />
      )}
    </Page>
  );
}
