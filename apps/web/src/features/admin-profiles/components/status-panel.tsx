import './admin-profiles.css';
import type { OwnProfile } from '@intergen/contracts';
import { wizardSteps } from '@intergen/domain';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { ErrorAlert } from '../../../components/alerts';
import { ActionButtons } from './action-buttons';
import { adminTexts, formatDate } from './admin-texts';
import { StatusBadge } from './status-badge';
import type { AdminActions } from './use-admin-actions';

const yesNo = (value: boolean) => (value ? adminTexts.yes : adminTexts.no);

/** What the admin sees of a profile's state beside the profile itself, with the actions that apply. */
export function StatusPanel({ profile, actions }: { profile: OwnProfile; actions: AdminActions }) {
  const isExpert = profile.kind === 'expert';
  const sections = wizardSteps[profile.kind]
    .filter((step) => step.section)
    .map((step) => `${step.title} ${profile.completion.sections[step.section!]}%`)
    .join(' · ');
  const facts: [string, ReactNode][] = [
    [adminTexts.email, profile.email],
    [adminTexts.emailVerified, yesNo(profile.emailVerified)],
    ...(isExpert
      ? ([
          [adminTexts.verified, yesNo(profile.isVerified)],
          [adminTexts.private, yesNo(profile.private)],
        ] as [string, ReactNode][])
      : []),
    [adminTexts.completion, `${profile.completion.overall}%`],
    [adminTexts.sectionCompletion, sections],
    [adminTexts.pendingChanges, yesNo(profile.pendingChanges !== null)],
    [adminTexts.publishDate, formatDate(profile.publishDate)],
    ...(profile.pausedDate !== null
      ? ([
          [adminTexts.pausedDate, formatDate(profile.pausedDate)],
          [adminTexts.pauseReason, profile.pauseReason ?? '—'],
        ] as [string, ReactNode][])
      : []),
    ...(profile.deactivatedDate !== null
      ? ([[adminTexts.deactivatedDate, formatDate(profile.deactivatedDate)]] as [string, ReactNode][])
      : []),
    ...(profile.disableReason
      ? ([[adminTexts.disableReason, profile.disableReason]] as [string, ReactNode][])
      : []),
    [adminTexts.rating, adminTexts.ratingValue(profile.averageRating, profile.numberOfRatings)],
  ];

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="admin-status-heading">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Group gap="sm">
            <Title order={2} fz="lg" id="admin-status-heading">
              {adminTexts.statusPanel}
            </Title>
            <StatusBadge status={profile.status} />
          </Group>
          <ActionButtons target={profile} actions={actions} layout="inline" withOpen={false} />
        </Group>
        <ErrorAlert message={actions.error?.message} />
        <dl className="ig-admin-facts">
          {facts.map(([label, value]) => (
            <Fragment key={label}>
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" size="sm" style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </Fragment>
          ))}
        </dl>
      </Stack>
    </Paper>
  );
}
