import { type ProfileData, type ProfileType, sectionFields, sectionIds } from '@intergen/domain';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, contactInfo, experts, users } from '../../db/schema.ts';
import type { MemberRows } from './users.repository.ts';

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

/** The profile fields kept in `contact_info` rather than in the profile row. */
export const contactFields = ['phone', 'linkedin', 'jobTitle'] as const;
export type ContactField = (typeof contactFields)[number];
export const isContactField = (field: string): field is ContactField =>
  (contactFields as readonly string[]).includes(field);

/** Every editable field of a role, in section order (the keys of ExpertProfileData / CompanyProfileData). */
export function profileFields(kind: ProfileType): readonly string[] {
  return sectionIds.flatMap((id) => sectionFields[kind][id] as readonly string[]);
}

type ExpertRow = typeof experts.$inferSelect;
type CompanyRow = typeof companies.$inferSelect;
type ContactRow = typeof contactInfo.$inferSelect;

/** A profile as stored: its owner, its editable data (contact fields included) and its lifecycle fields. */
export interface StoredProfile {
  id: string;
  kind: ProfileType;
  name: string;
  /** The owner's first name, for e-mails. */
  firstName: string;
  email: string;
  emailVerified: boolean;
  /** The stored values: what the community sees of a published profile. */
  data: ProfileData;
  /** Edits held while published, not yet applied. */
  tempData: Partial<ProfileData> | null;
  contactEmail: string;
  profileComplete: boolean;
  onboardingComplete: boolean;
  profilePending: boolean;
  profilePublished: boolean;
  publishDate: Date | null;
  pausedDate: Date | null;
  pauseReason: string | null;
  lastPausedBy: string | null;
  deactivatedDate: Date | null;
  deactivateReason: string | null;
  deactivatedFrom: 'published' | 'pending' | null;
  disableReason: string | null;
  disabledDate: Date | null;
  hasEmailVerificationCode: boolean;
  hasBeenWelcomed: boolean;
  gettingStartedDismissed: boolean;
  isVerified: boolean;
  private: boolean;
  averageRating: number;
  numberOfRatings: number;
  createdAt: Date;
  updatedAt: Date;
}

/** Columns of a profile row that a service may set: lifecycle fields and editable non-contact fields. */
export type ProfileRowPatch = Partial<Omit<typeof experts.$inferInsert, 'id'>> &
  Partial<Omit<typeof companies.$inferInsert, 'id'>>;

function toStored(
  kind: ProfileType,
  user: { email: string; emailVerified: boolean; firstName: string },
  row: ExpertRow | CompanyRow,
  contact: ContactRow | null,
): StoredProfile {
  const record = row as unknown as Record<string, unknown>;
  const data: Record<string, unknown> = {};
  for (const field of profileFields(kind)) {
    data[field] = (isContactField(field) ? contact?.[field] : record[field]) ?? null;
  }
  const expert = kind === 'expert' ? (row as ExpertRow) : null;
  return {
    id: row.id,
    kind,
    name: row.name,
    firstName: user.firstName,
    email: user.email,
    emailVerified: user.emailVerified,
    data: data as unknown as ProfileData,
    tempData: (row.tempData as Partial<ProfileData> | null) ?? null,
    contactEmail: contact?.email ?? user.email,
    profileComplete: row.profileComplete,
    onboardingComplete: row.onboardingComplete,
    profilePending: row.profilePending,
    profilePublished: row.profilePublished,
    publishDate: row.publishDate,
    pausedDate: row.pausedDate,
    pauseReason: row.pauseReason,
    lastPausedBy: row.lastPausedBy,
    deactivatedDate: row.deactivatedDate,
    deactivateReason: row.deactivateReason,
    deactivatedFrom: row.deactivatedFrom ?? null,
    disableReason: row.disableReason,
    disabledDate: row.disabledDate,
    hasEmailVerificationCode: row.hasEmailVerificationCode,
    hasBeenWelcomed: row.hasBeenWelcomed,
    gettingStartedDismissed: row.gettingStartedDismissed,
    isVerified: expert?.isVerified ?? false,
    private: expert?.private ?? false,
    averageRating: row.averageRating,
    numberOfRatings: row.numberOfRatings,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Creates the empty profile a sign-up starts with (hasBeenWelcomed false) and its contact info. */
export async function createProfileWithContact(
  ex: Executor,
  p: { userId: string; kind: ProfileType; name: string; email: string; createdAt?: Date },
): Promise<void> {
  await ex
    .insert(table(p.kind))
    .values({ id: p.userId, name: p.name, hasBeenWelcomed: false, createdAt: p.createdAt });
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

/** The account behind a profile as `findProfile` needs it (a user row already read will do). */
export interface ProfileOwner {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  kind: ProfileType | null;
}

/**
 * The profile of the member `who` (an id, or the account already read: one round trip fewer) with its owner and
 * contact info, or null when there is none. `lock` takes a row lock on the profile for the rest of the
 * transaction, so concurrent saves of one profile run one by one.
 */
export async function findProfile(
  ex: Executor,
  who: string | ProfileOwner,
  opts: { lock?: boolean } = {},
): Promise<StoredProfile | null> {
  const id = typeof who === 'string' ? who : who.id;
  const [user] =
    typeof who === 'string'
      ? await ex
          .select({
            email: users.email,
            emailVerified: users.emailVerified,
            firstName: users.firstName,
            kind: users.kind,
          })
          .from(users)
          .where(eq(users.id, id))
      : [who];
  if (!user?.kind) return null;
  if (user.kind === 'expert') {
    const query = ex
      .select({ row: experts, contact: contactInfo })
      .from(experts)
      .leftJoin(contactInfo, eq(contactInfo.userId, experts.id))
      .where(eq(experts.id, id));
    const [found] = opts.lock ? await query.for('update', { of: experts }) : await query;
    return found ? toStored('expert', user, found.row, found.contact) : null;
  }
  const query = ex
    .select({ row: companies, contact: contactInfo })
    .from(companies)
    .leftJoin(contactInfo, eq(contactInfo.userId, companies.id))
    .where(eq(companies.id, id));
  const [found] = opts.lock ? await query.for('update', { of: companies }) : await query;
  return found ? toStored('company', user, found.row, found.contact) : null;
}

/**
 * The member's profile as `findProfile` reads it, from rows already read (the session lookup's `member`, read with the
 * session): null when the account has no profile, as `findProfile` answers.
 */
export function storedProfileOf({ user, expert, company, contact }: MemberRows): StoredProfile | null {
  if (user.kind === 'expert' && expert) return toStored('expert', user, expert, contact);
  if (user.kind === 'company' && company) return toStored('company', user, company, contact);
  return null;
}

/** Sets columns of a profile row. */
export async function updateProfileRow(
  ex: Executor,
  kind: ProfileType,
  id: string,
  patch: ProfileRowPatch,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  const t = table(kind);
  await ex
    .update(t)
    .set(patch as never)
    .where(eq(t.id, id));
}

/** Sets the contact fields (phone, LinkedIn, job title) of a member. */
export async function updateContact(
  ex: Executor,
  userId: string,
  patch: Partial<Record<ContactField, string | null>>,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await ex
    .update(contactInfo)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(contactInfo.userId, userId));
}

/**
 * The members whose profile names one of the picture `urls`, as its picture or as one held with unapplied edits
 * (the one-off import of pictures kept as files, profiles.images.ts): url → member id.
 */
export async function ownersOfPictures(ex: Executor, urls: readonly string[]): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  if (urls.length === 0) return owners;
  for (const t of [experts, companies]) {
    const rows = await ex
      .select({
        id: t.id,
        url: sql<string | null>`${t.profileImage}->>'url'`,
        held: sql<string | null>`${t.tempData}->'profileImage'->>'url'`,
      })
      .from(t)
      .where(
        or(
          inArray(sql`${t.profileImage}->>'url'`, [...urls]),
          inArray(sql`${t.tempData}->'profileImage'->>'url'`, [...urls]),
        ),
      );
    for (const row of rows) {
      for (const url of [row.url, row.held]) if (url && urls.includes(url)) owners.set(url, row.id);
    }
  }
  return owners;
}
