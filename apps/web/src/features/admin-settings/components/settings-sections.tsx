import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';
import {
  type AppEnvironment,
  appEnvironments,
  matchingThresholdRanges,
  stalledDealDays,
  settingsTexts as t,
} from '@intergen/domain';
import {
  Badge,
  Fieldset,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type ReactNode, useId } from 'react';
import type { SettingsFormValues } from './settings-values';

type Form = UseFormReturnType<SettingsFormValues>;

interface SectionProps {
  form: Form;
  appEnv: AppEnvironment;
}

/** A titled part of the settings form (a landmark named by its heading). */
function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p={{ base: 'sm', xs: 'md' }}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

/** The badge beside the values of the environment this server runs as. */
function ThisServer({ env, appEnv }: { env: AppEnvironment; appEnv: AppEnvironment }) {
  return env === appEnv ? <Badge variant="light">{t.thisServer}</Badge> : null;
}

/** Features: the community tab, one switch per environment. */
export function FeaturesSection({ form, appEnv }: SectionProps) {
  return (
    <SettingsSection title={t.sections.features.title} description={t.sections.features.description}>
      {appEnvironments.map((env) => (
        <Group key={env} gap="sm" wrap="wrap">
          <Switch
            label={t.communityTabLabel(t.environmentLabels[env])}
            key={form.key(`communityTab.${env}`)}
            {...form.getInputProps(`communityTab.${env}`, { type: 'checkbox' })}
          />
          <ThisServer env={env} appEnv={appEnv} />
        </Group>
      ))}
    </SettingsSection>
  );
}

/** Survey forms: an address per role, in a group per environment. */
export function SurveyFormsSection({ form, appEnv }: SectionProps) {
  return (
    <SettingsSection title={t.sections.surveyForms.title} description={t.sections.surveyForms.description}>
      {appEnvironments.map((env) => (
        <Fieldset
          key={env}
          variant="unstyled"
          legend={
            <Group gap="xs" component="span">
              <Text component="span" fw={600} size="sm">
                {t.surveyFormsOf(t.environmentLabels[env])}
              </Text>
              <ThisServer env={env} appEnv={appEnv} />
            </Group>
          }
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {(['expert', 'company'] as const).map((role) => (
              <TextInput
                key={form.key(`surveyForms.${env}.${role}`)}
                type="url"
                inputMode="url"
                label={role === 'expert' ? t.expertFormLabel : t.companyFormLabel}
                {...form.getInputProps(`surveyForms.${env}.${role}`)}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
      ))}
    </SettingsSection>
  );
}

/** Matching: the thresholds of automatic suggestions. */
export function MatchingSection({ form }: { form: Form }) {
  const { topN, minScore } = matchingThresholdRanges;
  return (
    <SettingsSection title={t.sections.matching.title} description={t.sections.matching.description}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberInput
          label={t.topNLabel}
          description={t.topNHint(topN.min, topN.max)}
          min={topN.min}
          max={topN.max}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          key={form.key('matching.topN')}
          {...form.getInputProps('matching.topN')}
        />
        <NumberInput
          label={t.minScoreLabel}
          description={t.minScoreHint(minScore.min, minScore.max)}
          min={minScore.min}
          max={minScore.max}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          key={form.key('matching.minScore')}
          {...form.getInputProps('matching.minScore')}
        />
      </SimpleGrid>
    </SettingsSection>
  );
}

/** The version-change popup: release date and words. */
export function PopupSection({ form }: { form: Form }) {
  return (
    <SettingsSection
      title={t.sections.newChangesPopup.title}
      description={t.sections.newChangesPopup.description}
    >
      <TextInput
        type="date"
        label={t.releaseDateLabel}
        maw={240}
        key={form.key('newChangesPopup.releaseDate')}
        {...form.getInputProps('newChangesPopup.releaseDate')}
      />
      <TextInput
        label={t.popupTitleLabel}
        key={form.key('newChangesPopup.title')}
        {...form.getInputProps('newChangesPopup.title')}
      />
      <Textarea
        label={t.popupIntroLabel}
        rows={3}
        key={form.key('newChangesPopup.intro')}
        {...form.getInputProps('newChangesPopup.intro')}
      />
      <Textarea
        label={t.popupItemsLabel}
        description={t.popupItemsHint}
        rows={4}
        key={form.key('newChangesPopup.items')}
        {...form.getInputProps('newChangesPopup.items')}
      />
    </SettingsSection>
  );
}

/** Support: the address members write to. */
export function SupportSection({ form }: { form: Form }) {
  return (
    <SettingsSection title={t.sections.support.title} description={t.sections.support.description}>
      <TextInput
        type="email"
        label={t.supportEmailLabel}
        key={form.key('supportEmail')}
        {...form.getInputProps('supportEmail')}
      />
    </SettingsSection>
  );
}

/** The CRM board: after how many days in one stage an open deal is marked as not moving. */
export function CrmSection({ form }: { form: Form }) {
  return (
    <SettingsSection title={t.sections.crm.title} description={t.sections.crm.description}>
      <NumberInput
        label={t.stalledAfterDaysLabel}
        description={t.stalledAfterDaysHint(stalledDealDays.min, stalledDealDays.max)}
        min={stalledDealDays.min}
        max={stalledDealDays.max}
        maw={240}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        key={form.key('crm.stalledAfterDays')}
        {...form.getInputProps('crm.stalledAfterDays')}
      />
    </SettingsSection>
  );
}
