import { wizardTexts } from '@intergen/domain';
import { Group, Paper, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { Page } from '../../../components/page';

/** The page of a wizard step while the profile loads: its title, then grey placeholders. */
export function WizardSkeleton({ title }: { title: string }) {
  return (
    <Page title={title}>
      <div role="status" aria-live="polite">
        <VisuallyHidden>{wizardTexts.loadingProfile}</VisuallyHidden>
        <Stack gap="lg" aria-hidden="true">
          <Group gap="md" wrap="nowrap">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={32} circle />
            ))}
          </Group>
          <Paper withBorder radius="md" p={{ base: 'md', xs: 'xl' }}>
            <Stack gap="lg">
              {[0, 1, 2, 3].map((i) => (
                <Stack key={i} gap={8}>
                  <Skeleton height={14} width="40%" />
                  <Skeleton height={36} />
                </Stack>
              ))}
            </Stack>
          </Paper>
        </Stack>
      </div>
    </Page>
  );
}
