import '@mantine/core/styles/List.css';
import type { NewChangesPopup as PopupSettings } from '@intergen/contracts';
import { newChangesPopupTexts as texts } from '@intergen/domain';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';

interface NewChangesDialogProps {
  popup: PopupSettings;
  opened: boolean;
  onClose: () => void;
}

/** The version-change popup's dialog (new-changes-popup.tsx decides when it is due). */
export function NewChangesDialog({ popup, opened, onClose }: NewChangesDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={popup.title}>
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
          <Button onClick={onClose} data-autofocus>
            {texts.button}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
