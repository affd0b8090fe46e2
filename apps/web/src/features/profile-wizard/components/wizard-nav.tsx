import { Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The buttons under a step. Wide: Previous and Preview on the left, Next (and Update) on the right. Narrow
 * (640 px or less): Previous and Next side by side, Update below at full width, then Preview.
 */
export function WizardNav({
  narrow,
  previous,
  preview,
  next,
  update,
}: {
  narrow: boolean;
  previous: ReactNode;
  preview: ReactNode;
  next: ReactNode;
  update: ReactNode;
}) {
  if (!narrow) {
    return (
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          {previous}
          {preview}
        </Group>
        <Group gap="sm">
          {next}
          {update}
        </Group>
      </Group>
    );
  }
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        {previous ?? <span />}
        {next}
      </Group>
      {update}
      <Group justify="center">{preview}</Group>
    </Stack>
  );
}
