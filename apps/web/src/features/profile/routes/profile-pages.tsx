import { type ProfileType, pageTitles, profileTypeLabels } from '@intergen/domain';
import { Divider, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PlaceholderPage } from '../../../components/page';
import { useSignedInUser } from '../../../lib/session';

/** The honest note of every profile page until the profile wizard (a later issue) lands. */
export const profileWizardNote = 'Profile editing arrives with the profile wizard in a coming update.';

function useKind(): ProfileType {
  return useSignedInUser().kind ?? 'expert';
}

/** `/profile/edit`: basic information editing, with the Account section the app fills in. */
export function ProfileEditPage({ account }: { account: ReactNode }) {
  return (
    <PlaceholderPage title={pageTitles.basicInformation[useKind()]} note={profileWizardNote}>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="account-heading">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="account-heading">
            Account
          </Title>
          <Divider />
          <Text size="sm" c="dimmed">
            Your sign-in details.
          </Text>
          <div>{account}</div>
        </Stack>
      </Paper>
    </PlaceholderPage>
  );
}

/** `/profile/public`: the own profile preview, headed by the name and the profile type chip. */
export function ProfilePublicRoute() {
  const user = useSignedInUser();
  return (
    <PlaceholderPage
      title={user.name || user.email}
      badge={user.kind ? profileTypeLabels[user.kind] : undefined}
      note={profileWizardNote}
    />
  );
}
