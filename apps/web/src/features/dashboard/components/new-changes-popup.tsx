import '@mantine/core/styles/List.css';
import { newChangesPopupDue, newChangesPopupStorageKey, newChangesPopup as texts } from '@intergen/domain';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSignedInUser } from '../../../lib/session';
import { useAnnualConfirmationDue, useOwnProfileView } from '../api/get-own-profile-view';

/** Whether this browser has shown the popup already (storage can be unavailable: then it counts as seen). */
function seenInThisBrowser(): boolean {
  try {
    return window.localStorage.getItem(newChangesPopupStorageKey) !== null;
  } catch {
    return true;
  }
}

function rememberSeen() {
  try {
    window.localStorage.setItem(newChangesPopupStorageKey, 'true');
  } catch {
    // Private modes may refuse storage; the popup then simply shows no more in this visit.
  }
}

/**
 * The version-change welcome popup (spec 000 §2): once per browser (`hasSeenNewChangesPopup`), for members
 * published before this version; closing it in any way remembers it.
 */
export function NewChangesPopup() {
  const user = useSignedInUser();
  const [seen, setSeen] = useState(seenInThisBrowser);
  // Only a browser that has not shown the popup asks when the member was published.
  const own = useOwnProfileView(user.id, { enabled: !seen });
  // A company's annual confirmation (spec 000 §2) comes first: two popups never stack.
  const annualFirst = useAnnualConfirmationDue(
    user.kind === 'company' && !seen && !user.annualConfirmationPostponed,
  );
  const due = own.data ? newChangesPopupDue(own.data.publishDate, seen) && !annualFirst : false;

  const close = () => {
    rememberSeen();
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
