import { wizardTexts } from '@intergen/domain';
import { Text } from '@mantine/core';
import type { SaveStatus } from '../hooks/use-section-autosave';

/** `Saving....` / `All Changes Saved`, announced politely; empty before the first edit. */
export function SaveIndicator({ status }: { status: SaveStatus }) {
  const text = status === 'saving' ? wizardTexts.saving : status === 'saved' ? wizardTexts.allSaved : '';
  return (
    <Text size="sm" c="dimmed" role="status" aria-live="polite" mih={22} data-testid="save-indicator">
      {text}
    </Text>
  );
}
