import { type ProfileData, type ProfileType, profileTexts } from '@intergen/domain';
import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { sectionReadiness, stepOfSection } from '../lib/profile-form';

/**
 * The publish-readiness panel (spec 000 §2, 001 §8): the spec's two sentences and a link to each step with
 * its completion, red under 100 %. `announce` reads it out when it appears after an action (Update).
 */
export function MissingAreasPanel({
  kind,
  data,
  announce = false,
}: {
  kind: ProfileType;
  data: Partial<ProfileData>;
  announce?: boolean;
}) {
  const sections = sectionReadiness(kind, data);
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      role={announce ? 'alert' : undefined}
      style={{ borderColor: 'var(--mantine-color-red-6)' }}
      data-testid="missing-areas"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" c="red.9" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <IconAlertCircle aria-hidden="true" size={22} style={{ flexShrink: 0 }} />
          {profileTexts.missingTitle}
        </Title>
        <Text>{profileTexts.missingHint}</Text>
        <List spacing="xs" listStyleType="none" pl={0}>
          {sections.map(({ section, percent, ready }) => {
            const step = stepOfSection(kind, section);
            const under = percent < 100 || !ready;
            return (
              <List.Item key={section}>
                <Anchor component={Link} to={step.path} fw={600}>
                  {step.title}
                  <Text span ml="xs" fw={700} c={under ? 'red.9' : 'green.9'} data-under={under || undefined}>
                    {percent}%
                  </Text>
                </Anchor>
              </List.Item>
            );
          })}
        </List>
      </Stack>
    </Paper>
  );
}
