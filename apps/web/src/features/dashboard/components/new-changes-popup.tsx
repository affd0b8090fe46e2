import '@mantine/core/styles/List.css';
import { newChangesPopupDue, newChangesPopupTexts as texts } from '@intergen/domain';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { newChangesSeenInThisBrowser, rememberNewChangesSeen } from '../../../lib/new-changes-seen';
import { useOwnProfile } from '../../../lib/own-profile';
import { useProfileView } from '../../../lib/profile-view';
import { useSignedInUser } from '../../../lib/session';

/**
 * The version-change welcome popup (spec 000 §2): once per browser (`hasSeenNewChangesPopup`), for members
 * published before this version; closing it in any way remembers it.
 */
export function NewChangesPopup() {
  const user = useSignedInUser();
  const [seen, setSeen] = useState(newChangesSeenInThisBrowser);
  // Only a browser that has not shown the popup asks when the member was published.
  const own = useProfileView(user.id, { enabled: !seen });
  // A company's annual confirmation (spec 000 §2) comes first: two popups never stack.
  const annualFirst = useAnnualConfirmationDue(
    user.kind === 'company' && !seen && !user.annualConfirmationPostponed,
  );
  const due = own.data ? newChangesPopupDue(own.data.publishDate, seen) && !annualFirst : false;

  const close = () => {
    rememberNewChangesSeen();
    setSeen(true);
  };

  return (
    <Modal opened={due} onClose={close} title={texts.title}>
      <Stack gap="md">
        <Text>{texts.intro}</Text>
        <List spacing="xs">
          {texts.items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button onClick={close} data-autofocus>
            {texts.button}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Whether the company's annual confirmation is due (that popup comes first); never asked for experts. */
function useAnnualConfirmationDue(isCompany: boolean): boolean {
  const own = useOwnProfile({ enabled: isCompany });
  return isCompany && (own.data?.needsAnnualConfirmation ?? true);
}
