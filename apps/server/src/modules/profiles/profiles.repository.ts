import type { ProfileType } from '@intergen/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, contactInfo, experts } from '../../db/schema.ts';

/** The status columns every profile has, enough to derive its status and route its owner. */
export interface ProfileStatusRow {
  profileComplete: boolean;
  profilePending: boolean;
  profilePublished: boolean;
  onboardingComplete: boolean;
  pausedDate: Date | null;
  deactivatedDate: Date | null;
  disableReason: string | null;
}

const table = (kind: ProfileType) => (kind === 'expert' ? experts : companies);

/** Creates the empty profile a sign-up starts with (hasBeenWelcomed false) and its contact info. */
export async function createProfileWithContact(
  ex: Executor,
  p: { userId: string; kind: ProfileType; name: string; email: string },
): Promise<void> {
  await ex.insert(table(p.kind)).values({ id: p.userId, name: p.name, hasBeenWelcomed: false });
  await ex.insert(contactInfo).values({ userId: p.userId, email: p.email });
}

export async function findProfileStatus(
  ex: Executor,
  kind: ProfileType,
  id: string,
): Promise<ProfileStatusRow | null> {
  const t = table(kind);
  const rows = await ex
    .select({
      profileComplete: t.profileComplete,
      profilePending: t.profilePending,
      profilePublished: t.profilePublished,
      onboardingComplete: t.onboardingComplete,
      pausedDate: t.pausedDate,
      deactivatedDate: t.deactivatedDate,
      disableReason: t.disableReason,
    })
    .from(t)
    .where(eq(t.id, id));
  return rows[0] ?? null;
}

export async function setHasEmailVerificationCode(
  ex: Executor,
  kind: ProfileType,
  id: string,
  value: boolean,
): Promise<void> {
  const t = table(kind);
  await ex.update(t).set({ hasEmailVerificationCode: value }).where(eq(t.id, id));
}
