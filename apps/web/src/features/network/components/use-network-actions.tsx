import type { NetworkRequest } from '@intergen/contracts';
import { commonTexts, connectionRequestTexts as ct, networkTexts as t } from '@intergen/domain';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/alerts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { type NetworkAction, useNetworkAction } from '../api/network-actions';

/**
 * Runs Accept, Decline (after a confirmation) and Cancel request on network requests, one at a time per
 * request: `busyId` is the request being answered, `dialog` the decline confirmation, `failure` the last error.
 */
export function useNetworkActions() {
  const action = useNetworkAction();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [declining, setDeclining] = useState<NetworkRequest | null>(null);
  const send = (request: NetworkRequest, what: NetworkAction) => {
    setBusyId(request.id);
    action.mutate({ id: request.id, action: what }, { onSettled: () => setBusyId(null) });
  };
  const run = (request: NetworkRequest, what: NetworkAction) =>
    what === 'decline' ? setDeclining(request) : send(request, what);
  const dialog = (
    <ConfirmDialog
      opened={declining !== null}
      title={t.declineTitle}
      body={declining ? t.declineBody(declining.counterpart.name) : ''}
      confirmLabel={ct.decline}
      cancelLabel={commonTexts.cancel}
      onConfirm={() => {
        if (declining) send(declining, 'decline');
        setDeclining(null);
      }}
      onCancel={() => setDeclining(null)}
    />
  );
  const failure = action.error ? <ErrorAlert message={errorMessage(action.error, t.actionFailed)} /> : null;
  return { busyId, run, dialog, failure };
}
