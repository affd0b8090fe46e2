import type { AdminSettingsResponse } from '@intergen/contracts';
import { settingsTexts as t } from '@intergen/domain';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ErrorAlert, SuccessAlert } from '../../../components/alerts';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSaveSettings } from '../api/settings-api';
import {
  CrmSection,
  FeaturesSection,
  MatchingSection,
  PopupSection,
  SupportSection,
  SurveyFormsSection,
} from './settings-sections';
import {
  formErrors,
  type SettingsFormValues,
  toFormValues,
  toSettings,
  validateSettings,
} from './settings-values';

interface SettingsFormProps {
  initial: AdminSettingsResponse;
  /** Reads the settings again (after another admin's change); resolves with them, or undefined on failure. */
  onReload: () => Promise<AdminSettingsResponse | undefined>;
}

/**
 * The settings form: every setting in sections, checked with the server's schema as the admin types, saved
 * together with the revision it was loaded at. The server's field problems show on their fields; a change saved
 * meanwhile by another admin is reported with a way to load it (nothing is overwritten).
 */
export function SettingsForm({ initial, onReload }: SettingsFormProps) {
  const save = useSaveSettings();
  const [revision, setRevision] = useState(initial.revision);
  const form = useForm<SettingsFormValues>({
    mode: 'controlled',
    initialValues: toFormValues(initial.settings),
    validate: validateSettings,
  });

  const load = (loaded: AdminSettingsResponse) => {
    const values = toFormValues(loaded.settings);
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    setRevision(loaded.revision);
  };

  const submit = form.onSubmit((values) => {
    if (save.isPending) return;
    save.mutate(
      { revision, settings: toSettings(values) },
      {
        onSuccess: load,
        onError: (error) => {
          if (error instanceof ApiError && error.details.length > 0)
            form.setErrors(formErrors(error.details));
        },
      },
    );
  });

  const reload = async () => {
    const fresh = await onReload();
    if (fresh) {
      load(fresh);
      save.reset();
    }
  };

  const conflict = save.error instanceof ApiError && save.error.code === 'CONFLICT';
  // Fields marked (by the schema here or by the server) are summed up once beside the Save button.
  const invalid = Object.keys(form.errors).length > 0;
  const validationRefused = save.error instanceof ApiError && save.error.code === 'VALIDATION_FAILED';
  const problem = invalid
    ? t.errors.invalid
    : save.isError && !validationRefused
      ? errorMessage(save.error)
      : null;
  const appEnv = initial.appEnv;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Group gap="xs">
          <Text size="sm">{t.runningAs(t.environmentLabels[appEnv])}</Text>
          <Badge variant="light">{t.environmentLabels[appEnv]}</Badge>
        </Group>
        <FeaturesSection form={form} appEnv={appEnv} />
        <SurveyFormsSection form={form} appEnv={appEnv} />
        <MatchingSection form={form} />
        <PopupSection form={form} />
        <SupportSection form={form} />
        <CrmSection form={form} />
        <ErrorAlert message={problem} />
        <SuccessAlert message={save.isSuccess && !form.isDirty() ? t.saved : null} />
        <Group justify="flex-end" gap="sm">
          {conflict ? (
            <Button variant="default" onClick={() => void reload()}>
              {t.reload}
            </Button>
          ) : null}
          <Button type="submit" loading={save.isPending}>
            {t.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
