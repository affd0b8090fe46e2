import { wizardTexts } from '@intergen/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Blocker } from '../../../lib/navigation';

/** The question asked when leaving a step while a save is under way (or a failed save left edits). */
export function LeavePrompt({ blocker, message }: { blocker: Blocker; message: string }) {
  const opened = blocker.state === 'blocked';
  return (
    <Modal opened={opened} onClose={() => blocker.reset?.()} title={wizardTexts.leaveTitle}>
      <Stack gap="md">
        <Text>{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            {wizardTexts.stayOnPage}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {wizardTexts.leavePage}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
