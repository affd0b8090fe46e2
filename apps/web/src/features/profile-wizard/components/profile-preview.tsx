import type { OwnProfile } from '@intergen/contracts';
import {
  areasOfImprovement,
  arrangements,
  capitalBands,
  companyStages,
  connectionTypes,
  displayWebsite,
  engagementTypes,
  industries,
  investingInterests,
  profilePageTexts,
  profilePictureTexts,
  profileTypeLabels,
  revenueBands,
  wizardTexts,
  yesNo,
} from '@intergen/domain';
import { Avatar, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { editorData, tickedCodes } from '../lib/profile-form';

function labelsOf(labels: Record<string, string>, flags: unknown): string | null {
  const names = tickedCodes(flags)
    .map((code) => labels[code])
    .filter(Boolean);
  return names.length > 0 ? names.join(', ') : null;
}

function labelOfCode(labels: Record<string, string>, code: unknown): string | null {
  return typeof code === 'string' ? (labels[code] ?? null) : null;
}

function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" fw={700}>
        {label}
      </Text>
      <Text component="dd" m={0} c={value ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
        {value ?? wizardTexts.notAnswered}
      </Text>
    </div>
  );
}

/**
 * A compact preview of the profile as others will see it: name, chip, picture and the key fields with
 * their labels (the member's own edits included).
 */
export function ProfilePreview({ profile }: { profile: OwnProfile }) {
  const d = editorData(profile) as Record<string, unknown>;
  const company = profile.kind === 'company';
  const T = profilePageTexts;
  const rows: [string, string | null][] = company
    ? [
        [T.companyName, text(d.companyName)],
        [T.website, text(d.website) ? displayWebsite(String(d.website)) : null],
        [T.teamSize, text(d.companySize)],
        [T.yearsInBusiness, text(d.yearsInBusiness)],
        [T.revenue, labelOfCode(revenueBands.labels, d.revenue)],
        [T.capital, labelOfCode(capitalBands.labels, d.capital)],
        [T.industries, labelsOf(industries.labels, d.experience)],
        [T.seekingAreas, labelsOf(areasOfImprovement.labels, d.areasOfImprovement)],
        [T.connectionTypes, labelsOf(connectionTypes.labels, d.idealEngagement)],
        [T.businessType, text(d.businessType)],
        [T.currentStage, labelOfCode(companyStages.labels, d.currentStage)],
        [T.arrangement, labelOfCode(arrangements.labels, d.arrangement)],
        [T.investmentOpportunities, labelOfCode(yesNo.labels, d.investmentOpportunities)],
        [T.boardOpportunities, labelOfCode(yesNo.labels, d.boardOpportunities)],
      ]
    : [
        [T.engagementType, labelOfCode(engagementTypes.labels, d.engagementType)],
        [T.experience, labelsOf(industries.labels, d.experience)],
        [T.areasOfImprovement, labelsOf(areasOfImprovement.labels, d.areasOfImprovement)],
        [T.idealEngagement, labelsOf(connectionTypes.labels, d.idealEngagement)],
        [T.businessType, text(d.businessType)],
        [T.currentStage, labelsOf(companyStages.labels, d.currentStage)],
        [T.arrangement, labelOfCode(arrangements.labels, d.arrangement)],
        [T.investmentOpportunities, labelOfCode(yesNo.labels, d.investmentOpportunities)],
        [T.boardOpportunities, labelOfCode(yesNo.labels, d.boardOpportunities)],
        [T.interests, labelsOf(investingInterests.labels, d.interests)],
      ];
  const image = profile.data.profileImage;
  const about = text(d.about);
  const anythingElse = text(d.anythingElse);

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', xs: 'lg' }}
      component="section"
      aria-labelledby="preview-heading"
    >
      <Stack gap="lg">
        <Text id="preview-heading" size="sm" c="dimmed" fw={600} tt="uppercase">
          {wizardTexts.previewHeading}
        </Text>
        <Group gap="md" wrap="nowrap" align="center">
          <Avatar
            src={image?.url ?? null}
            alt={image ? profilePictureTexts.imageAlt(profile.name) : ''}
            size={96}
            radius="md"
          />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} fz={{ base: 20, xs: 24 }} style={{ overflowWrap: 'anywhere' }}>
              {profile.name}
            </Title>
            <Group gap="xs">
              <Badge variant="light">{profileTypeLabels[profile.kind]}</Badge>
            </Group>
            {company && text(d.slogan) ? (
              <Text c="dimmed" fs="italic">
                {String(d.slogan)}
              </Text>
            ) : null}
          </Stack>
        </Group>
        {about ? (
          <dl style={{ margin: 0 }}>
            <Row label={T.about} value={about} />
          </dl>
        ) : null}
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md" m={0}>
          {rows.map(([label, value]) => (
            <Row key={label} label={label} value={value} />
          ))}
        </SimpleGrid>
        <dl style={{ margin: 0 }}>
          <Row label={T.anythingElse} value={anythingElse} />
        </dl>
      </Stack>
    </Paper>
  );
}
