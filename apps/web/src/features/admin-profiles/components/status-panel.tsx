import './admin-profiles.css';
import type { OwnProfile } from '@intergen/contracts';
import { adminProfileTexts, profilePageTexts, wizardSteps } from '@intergen/domain';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { ErrorAlert } from '../../../components/alerts';
import { ActionButtons } from './action-buttons';
import { DeleteMemberButton } from './delete-member-button';
import { StatusBadge } from './status-badge';
import { formatDate } from './status-display';
import type { AdminActions } from './use-admin-actions';

const yesNo = (value: boolean) => (value ? adminProfileTexts.yes : adminProfileTexts.no);

/** What the admin sees of a profile's state beside the profile itself, with the actions that apply. */
export function StatusPanel({ profile, actions }: { profile: OwnProfile; actions: AdminActions }) {
  const isExpert = profile.kind === 'expert';
  const sections = wizardSteps[profile.kind]
    .filter((step) => step.section)
    .map((step) => `${step.title} ${profile.completion.sections[step.section!]}%`)
    .join(' · ');
  const facts: [string, ReactNode][] = [
    [adminProfileTexts.email, profile.email],
    [adminProfileTexts.emailVerified, yesNo(profile.emailVerified)],
    ...(isExpert
      ? ([
          [profilePageTexts.verified, yesNo(profile.isVerified)],
          [adminProfileTexts.private, yesNo(profile.private)],
        ] as [string, ReactNode][])
      : []),
    [adminProfileTexts.completion, `${profile.completion.overall}%`],
    [adminProfileTexts.sectionCompletion, sections],
    [adminProfileTexts.pendingChanges, yesNo(profile.pendingChanges !== null)],
    [adminProfileTexts.publishDate, formatDate(profile.publishDate)],
    ...(profile.pausedDate !== null
      ? ([
          [adminProfileTexts.pausedDate, formatDate(profile.pausedDate)],
          [adminProfileTexts.pauseReason, profile.pauseReason ?? adminProfileTexts.none],
        ] as [string, ReactNode][])
      : []),
    ...(profile.deactivatedDate !== null
      ? ([[adminProfileTexts.deactivatedDate, formatDate(profile.deactivatedDate)]] as [string, ReactNode][])
      : []),
    ...(profile.disableReason
      ? ([[adminProfileTexts.disableReason, profile.disableReason]] as [string, ReactNode][])
      : []),
    [adminProfileTexts.rating, adminProfileTexts.ratingValue(profile.averageRating, profile.numberOfRatings)],
  ];

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="admin-status-heading">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Group gap="sm">
            <Title order={2} fz="lg" id="admin-status-heading">
              {adminProfileTexts.statusPanel}
            </Title>
            <StatusBadge status={profile.status} />
          </Group>
          <Group gap="xs">
            <ActionButtons target={profile} actions={actions} layout="inline" withOpen={false} />
            <DeleteMemberButton profile={profile} />
          </Group>
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
