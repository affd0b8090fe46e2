import { accountTexts } from '@intergen/domain';
import { Divider, Group, Paper, Stack, Title } from '@mantine/core';
import { AccountActions } from '../../features/account';
import { ChangePasswordButton } from '../../features/auth';
import { BasicInformationStep } from '../../features/profile-wizard';

/**
 * `/profile/edit`: the wizard's Basic Information step with the Account section under it: the auth feature's
 * Change Password beside the account feature's Pause/Resume, Account Privacy and Disable Account.
 */
export function ProfileEditRoute() {
  return (
    <BasicInformationStep>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="account-heading">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="account-heading">
            {accountTexts.heading}
          </Title>
          <Divider />
          <Group gap="sm">
            <ChangePasswordButton />
          </Group>
          <AccountActions />
        </Stack>
      </Paper>
    </BasicInformationStep>
  );
}
