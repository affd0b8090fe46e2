import '@mantine/core/styles/List.css';
import type { NewChangesPopup as PopupSettings } from '@intergen/contracts';
import { newChangesPopupDue, newChangesPopupTexts as texts } from '@intergen/domain';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { usePublicConfig } from '../../../lib/config';
import { newChangesSeenInThisBrowser, rememberNewChangesSeen } from '../../../lib/new-changes-seen';
import { useOwnProfile } from '../../../lib/own-profile';
import { useProfileView } from '../../../lib/profile-view';
import { useSignedInUser } from '../../../lib/session';

/**
 * The version-change welcome popup (spec 000 §2): its words and release date are settings (GET /api/config). Once
 * per browser and release (`hasSeenNewChangesPopup`), from the release date on, for members published before it;
 * closing it in any way remembers it.
 */
export function NewChangesPopup() {
  const popup = usePublicConfig().data?.newChangesPopup;
  return popup ? <NewChangesPopupOf popup={popup} /> : null;
}

function NewChangesPopupOf({ popup }: { popup: PopupSettings }) {
  const user = useSignedInUser();
  const [closed, setClosed] = useState(false);
  const seen = closed || newChangesSeenInThisBrowser(popup.releasedAt);
  // Only a browser that has not shown the popup asks when the member was published.
  const own = useProfileView(user.id, { enabled: !seen });
  // A company's annual confirmation (spec 000 §2) comes first: two popups never stack.
  const annualFirst = useAnnualConfirmationDue(
    user.kind === 'company' && !seen && !user.annualConfirmationPostponed,
  );
  const due = own.data
    ? newChangesPopupDue(own.data.publishDate, seen, popup.releasedAt) && !annualFirst
    : false;

  const close = () => {
    rememberNewChangesSeen();
    setClosed(true);
  };

  return (
    <Modal opened={due} onClose={close} title={popup.title}>
      <Stack gap="md">
        <Text>{popup.intro}</Text>
        {popup.items.length > 0 ? (
          <List spacing="xs">
            {popup.items.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        ) : null}
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
