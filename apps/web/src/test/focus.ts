import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Opens a dialog with `open` (focused first, as a keyboard user has it), checks that the dialog's Close took the
 * focus, closes it, and waits for the focus to come back to `open`.
 */
export async function expectFocusBack(open: HTMLElement): Promise<void> {
  act(() => open.focus());
  fireEvent.click(open);
  expect(screen.getByRole('button', { name: 'Close' })).toBe(document.activeElement);
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  await waitFor(() => expect(document.activeElement).toBe(open));
}
