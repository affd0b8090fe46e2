import { networkTexts as t } from '@intergen/domain';
import { Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/alerts';
import { errorMessage } from '../../../lib/api-client';
import { useNetwork } from '../api/get-network';
import { useRequestToNetwork } from '../api/network-actions';
import { NetworkRequestButtons } from './network-request-card';
import { useNetworkActions } from './use-network-actions';

/**
 * An expert viewing another expert's profile (spec 001 §6: add-to-network, not Connect): `Add to network`, then
 * Requested with Cancel request; Accept and Decline for their request; Connected once connected (the profile's
 * contact details then show, read again through the live update).
 */
export function NetworkProfileActions({ profileId }: { profileId: string }) {
  const network = useNetwork();
  const add = useRequestToNetwork();
  const actions = useNetworkActions();
  if (!network.data) return null;
  const { received, sent, connected } = network.data;
  const existing = [...connected, ...received, ...sent].find((r) => r.counterpart.id === profileId);
  if (existing) {
    return (
      <>
        <NetworkRequestButtons
          request={existing}
          busy={actions.busyId === existing.id}
          onAction={actions.run}
        />
        {actions.failure}
        {actions.dialog}
      </>
    );
  }
  return (
    <>
      <Button
        leftSection={<IconUserPlus size={16} aria-hidden="true" />}
        loading={add.isPending}
        onClick={() => add.mutate({ expertId: profileId })}
      >
        {t.addToNetwork}
      </Button>
      {add.error ? <ErrorAlert message={errorMessage(add.error, t.actionFailed)} /> : null}
    </>
  );
}
