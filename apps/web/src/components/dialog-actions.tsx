import { Button, Group } from '@mantine/core';

interface DialogActionsProps {
  /** The way out that changes nothing (`Cancel`, `Maybe later`). */
  cancelLabel: string;
  onCancel: () => void;
  confirmLabel: string;
  /** What the action does; without it the action submits the dialog's form. */
  onConfirm?: () => void;
  /** The action is under way: its button spins and the way out waits for the answer. */
  pending?: boolean;
  /** The action may not be confirmed yet (no reason given, for instance). */
  disabled?: boolean;
  /** `red` for an action that takes something away. */
  color?: string;
  /** The action's button takes the focus when the dialog opens. */
  autoFocus?: boolean;
}

/** The closing row of a dialog, at its right: the way out, then the action. */
export function DialogActions({
  cancelLabel,
  onCancel,
  confirmLabel,
  onConfirm,
  pending,
  disabled,
  color,
  autoFocus,
}: DialogActionsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        color={color}
        onClick={onConfirm}
        disabled={disabled}
        loading={pending}
        data-autofocus={autoFocus || undefined}
      >
        {confirmLabel}
      </Button>
    </Group>
  );
}
