import type { AdminProfileRow } from '@intergen/contracts';
import { adminProfileTexts } from '@intergen/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useActivateProfile } from '../api/activate-profile';
import { useApproveProfile } from '../api/approve-profile';
import { useDeactivateProfile } from '../api/deactivate-profile';
import { usePublishProfile } from '../api/publish-profile';
import { useUnpublishProfile } from '../api/unpublish-profile';
import { useUnverifyProfile } from '../api/unverify-profile';
import { useVerifyProfile } from '../api/verify-profile';

export type AdminAction =
  | 'approve'
  | 'publish'
  | 'verify'
  | 'unverify'
  | 'activate'
  | 'deactivate'
  | 'unpublish';

/** What an action needs to know of a profile: a list row or a full profile both have it. */
/** `profileComplete` when known (the full profile): an incomplete unpublished profile cannot be published. */
export type ActionTarget = Pick<AdminProfileRow, 'id' | 'kind' | 'name' | 'status' | 'isVerified'> & {
  profileComplete?: boolean;
};

/** Actions that need a reason first. */
export const reasonActions: ReadonlySet<AdminAction> = new Set(['deactivate', 'unpublish']);

export const actionLabels: Record<AdminAction, string> = {
  approve: adminProfileTexts.approve,
  publish: adminProfileTexts.publish,
  verify: adminProfileTexts.verify,
  unverify: adminProfileTexts.unverify,
  activate: adminProfileTexts.activate,
  deactivate: adminProfileTexts.deactivate,
  unpublish: adminProfileTexts.unpublish,
};

/**
 * The actions that make sense for a profile in its status (spec 000 §4): approve a pending expert, publish a
 * complete company, approve or publish again a profile an admin unpublished, verify or unverify an expert,
 * unpublish a published profile, deactivate, or activate (always: activation never strands a member).
 */
export function availableActions(target: ActionTarget): AdminAction[] {
  const actions: AdminAction[] = [];
  const republishable = target.status === 'disabled' && target.profileComplete !== false;
  if (target.kind === 'expert' && (target.status === 'pending' || republishable)) actions.push('approve');
  if (target.kind === 'company' && (target.status === 'complete' || republishable)) actions.push('publish');
  if (target.kind === 'expert') actions.push(target.isVerified ? 'unverify' : 'verify');
  if (target.status === 'published') actions.push('unpublish');
  actions.push(target.status === 'inactive' ? 'activate' : 'deactivate');
  return actions;
}

export interface AdminActions {
  run: (action: AdminAction, target: ActionTarget, reason?: string) => Promise<boolean>;
  /** Whether this action on this profile is in flight. */
  isRunning: (action: AdminAction, id: string) => boolean;
  busy: boolean;
  /** The last failure, with the profile and action it belongs to. */
  error: { id: string; action: AdminAction; message: string } | null;
  clearError: () => void;
}

/** The admin's lifecycle actions on profiles, one place for their pending state and their last error. */
export function useAdminActions(): AdminActions {
  const mutations = {
    approve: useApproveProfile(),
    publish: usePublishProfile(),
    verify: useVerifyProfile(),
    unverify: useUnverifyProfile(),
    activate: useActivateProfile(),
    deactivate: useDeactivateProfile(),
    unpublish: useUnpublishProfile(),
  };
  const [running, setRunning] = useState<{ action: AdminAction; id: string } | null>(null);
  const [error, setError] = useState<AdminActions['error']>(null);

  const run = async (action: AdminAction, target: ActionTarget, reason?: string) => {
    setError(null);
    setRunning({ action, id: target.id });
    try {
      if (action === 'deactivate' || action === 'unpublish') {
        await mutations[action].mutateAsync({ id: target.id, reason: reason ?? '' });
      } else {
        await mutations[action].mutateAsync(target.id);
      }
      return true;
    } catch (cause) {
      setError({ id: target.id, action, message: `${target.name}: ${errorMessage(cause)}` });
      return false;
    } finally {
      setRunning(null);
    }
  };

  return {
    run,
    isRunning: (action, id) => running?.action === action && running.id === id,
    busy: running !== null,
    error,
    clearError: () => setError(null),
  };
}
