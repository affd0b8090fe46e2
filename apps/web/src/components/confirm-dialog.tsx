import { lazy } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog-modal';
import { WhenOpened } from './when-opened';

const ConfirmDialogModal = lazy(async () => ({
  default: (await import('./confirm-dialog-modal')).ConfirmDialogModal,
}));

/**
 * Asks before something is taken away (spec 000 §2: clearing a suggestion, declining or clearing a request):
 * the body says what will happen, Cancel keeps everything as it was, the red button does it. Its code loads
 * when it is first opened.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <WhenOpened opened={props.opened}>
      <ConfirmDialogModal {...props} />
    </WhenOpened>
  );
}
