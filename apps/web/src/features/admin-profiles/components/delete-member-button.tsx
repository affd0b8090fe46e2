import type { OwnProfile } from '@intergen/contracts';
import { adminDeleteMemberTexts } from '@intergen/domain';
import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DeleteMemberModal } from './delete-member-modal';

/** The danger action of a member's page: opens the typed confirmation. */
export function DeleteMemberButton({ profile }: { profile: Pick<OwnProfile, 'id' | 'name' | 'email'> }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        color="red"
        size="xs"
        leftSection={<IconTrash size={14} aria-hidden="true" />}
        onClick={() => setOpened(true)}
      >
        {adminDeleteMemberTexts.action}
      </Button>
      <DeleteMemberModal profile={profile} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
