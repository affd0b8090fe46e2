import {
  completion,
  deriveProfileStatus,
  type ProfileData,
  type ProfileStatus,
  type ProfileType,
  wizardSteps,
} from '@intergen/domain';
import { toMillis } from '../../lib/time.ts';
import type { StoredProfile } from './profiles.repository.ts';

/** The profile as its owner edits it: the stored values with the pending (tempData) edits on top. */
export function withPending(p: Pick<StoredProfile, 'data' | 'tempData'>): ProfileData {
  return (p.tempData ? { ...p.data, ...p.tempData } : p.data) as ProfileData;
}

/** The spec's derived status (published, pending, paused, inactive, disabled, complete, incomplete). */
export function statusOf(p: StoredProfile): ProfileStatus {
  return deriveProfileStatus({
    profilePublished: p.profilePublished,
    profilePending: p.profilePending,
    profileComplete: p.profileComplete,
    pausedDate: toMillis(p.pausedDate),
    deactivatedDate: toMillis(p.deactivatedDate),
    disableReason: p.disableReason,
  });
}

/** The path of the first wizard step whose section is under 100 %, or null. */
export function firstIncompleteStep(kind: ProfileType, data: ProfileData): string | null {
  const percent = completion(kind, data).sections;
  return wizardSteps[kind].find((step) => step.section && percent[step.section] < 100)?.path ?? null;
}

/** The columns a profile card is made from (cards of experts and companies alike). */
export interface CardRow {
  id: string;
  name: string;
  companyName: string | null;
  slogan: string | null;
  /** The first line of the about text (experts). */
  aboutLine: string | null;
  profileImage: { url: string; name: string } | null;
  isVerified: boolean;
  experience: Record<string, boolean> | null;
  areasOfImprovement: Record<string, boolean> | null;
  averageRating: number;
  numberOfRatings: number;
}
