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

/** `/profile/about`: step 1, Basic information (expert) or Basic Information (company). */
export function ProfileAboutRoute() {
  return <PlaceholderPage title={pageTitles.basicInformation[useKind()]} note={profileWizardNote} />;
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

/** `/profile/experience` (expert step 2): Connecting You. */
export function ProfileExperienceRoute() {
  return <PlaceholderPage title={pageTitles.expertStep2} note={profileWizardNote} />;
}

/** `/profile/interests` (expert step 3): A Few More Details. */
export function ProfileInterestsRoute() {
  return <PlaceholderPage title={pageTitles.step3} note={profileWizardNote} />;
}

/** `/profile/seeking` (company step 2): Your Connection Needs. */
export function ProfileSeekingRoute() {
  return <PlaceholderPage title={pageTitles.companyStep2} note={profileWizardNote} />;
}

/** `/profile/enrichment` (company step 3): A Few More Details. */
export function ProfileEnrichmentRoute() {
  return <PlaceholderPage title={pageTitles.step3} note={profileWizardNote} />;
}

/** `/profile/review` (step 4): Profile Review. */
export function ProfileReviewRoute() {
  return <PlaceholderPage title={pageTitles.review} note={profileWizardNote} />;
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
