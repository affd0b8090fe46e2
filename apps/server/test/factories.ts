import {
  type CompanyMatchFacets,
  type ExpertMatchFacets,
  matchFacetKeys,
  type ProfileType,
  type SectionId,
} from '@intergen/domain';
import { validProfileData, validSections } from '@intergen/domain/testing';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { App } from '../src/app.ts';
import { companies, contactInfo, domainEvents, experts, users } from '../src/db/schema.ts';
import { announceMemberChange } from '../src/modules/events/index.ts';
import { client, codeIn, ORIGIN, signUp, type TestApp, tokenOf, uniqueEmail } from './helpers.ts';

/** Valid values for every field of every section, per role (the fixture all tests share): what `fill` saves. */
export { validSections };

/**
 * The profile-row columns of a complete profile of the kind, written straight into the database: the valid
 * sections and the default avatar, without the contact details (phone, LinkedIn, job title: contact_info's).
 */
export function profileColumns(kind: ProfileType): Record<string, unknown> {
  const {
    phone: _p,
    linkedin: _l,
    jobTitle: _j,
    ...columns
  } = validProfileData(kind) as object as Record<string, unknown>;
  return columns;
}

/** What matching reads of the valid company (validSections.company). */
export const validCompanyFacets: CompanyMatchFacets = pickFacets(validProfileData('company'));

/** An expert who offers everything the valid company asks for: a score of 100 with it. */
export const perfectExpert: ExpertMatchFacets = {
  ...validCompanyFacets,
  currentStage: { [validSections.company.profile.currentStage]: true },
};

function pickFacets<F>(data: F): F {
  return Object.fromEntries(matchFacetKeys.map((key) => [key, data[key as keyof F]])) as F;
}

export type Client = ReturnType<typeof client>;

export interface Member {
  client: Client;
  email: string;
  password: string;
  kind: ProfileType;
  id: string;
}

/** A PUT through a client's cookies, with our Origin (the helpers' client speaks GET and POST only). */
export async function put(app: App, c: Client, url: string, body: unknown) {
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return app.inject({
    method: 'PUT',
    url,
    headers: { ...ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: body as object,
  });
}

/** Saves one section of the member's profile through the API. */
export function saveSection(app: App, member: Pick<Member, 'client'>, section: SectionId, body: unknown) {
  return put(app, member.client, `/api/profiles/me/sections/${section}`, body);
}

/** Signs up a member of the kind through the API. */
export async function signUpMember(app: App, kind: ProfileType, name = 'Ada Lovelace'): Promise<Member> {
  const m = await signUp(app, { profileType: kind, name });
  return { client: m.client, email: m.email, password: m.password, kind, id: m.user.id };
}

/**
 * Fills every required field of the member's profile with valid values through the API, section by section,
 * then reaches the review step, which gives the profile a default avatar (the last required field). The
 * profile is then complete. `review: false` stops before the review step (no picture yet).
 */
export async function fill(app: App, member: Member, opts: { review?: boolean } = {}): Promise<void> {
  for (const [section, body] of Object.entries(validSections[member.kind])) {
    const response = await saveSection(app, member, section as SectionId, body);
    if (response.statusCode !== 200)
      throw new Error(`fill ${section}: ${response.statusCode} ${response.body}`);
  }
  if (opts.review === false) return;
  const reached = await member.client.post('/api/profiles/me/review-reached');
  if (reached.statusCode !== 200) throw new Error(`review-reached: ${reached.statusCode} ${reached.body}`);
}

/** Verifies the member's e-mail with the code from the mailbox. */
export async function verifyEmail(t: TestApp, member: Member): Promise<void> {
  const mail = (await t.mailTo(member.email)).find((m) => m.subject.startsWith('Verify'));
  if (!mail) throw new Error(`no verification mail to ${member.email}`);
  const response = await member.client.post('/api/auth/email-verification/verify', {
    code: codeIn(mail.text),
  });
  if (response.statusCode !== 200) throw new Error(`verify: ${response.statusCode} ${response.body}`);
}

/** A signed-in admin (made through the same path as `npm run admin`). */
export async function signInAdmin(t: TestApp): Promise<{ client: Client; id: string; email: string }> {
  const email = uniqueEmail('admin');
  const { url } = await t.app.services.auth.createAdmin(email);
  const c = client(t.app);
  const response = await c.post('/api/auth/one-time-link/consume', { token: tokenOf(url) });
  if (response.statusCode !== 200) throw new Error(`admin sign-in: ${response.statusCode} ${response.body}`);
  return { client: c, id: response.json().user.id, email };
}

/** A member with a complete profile and a verified e-mail, not yet submitted. */
export async function readyMember(t: TestApp, kind: ProfileType, name?: string): Promise<Member> {
  const member = await signUpMember(t.app, kind, name);
  await fill(t.app, member);
  await verifyEmail(t, member);
  return member;
}

/**
 * A member with a complete, verified profile that is published: a company publishes from the review step, an
 * expert submits and `admin` approves.
 */
export async function publishedMember(
  t: TestApp,
  kind: ProfileType,
  admin: { client: Client },
  name?: string,
): Promise<Member> {
  const member = await readyMember(t, kind, name);
  const submitted = await member.client.post('/api/profiles/me/submit');
  if (submitted.statusCode !== 200) throw new Error(`submit: ${submitted.statusCode} ${submitted.body}`);
  if (kind === 'expert') {
    const approved = await admin.client.post(`/api/admin/profiles/${member.id}/approve`);
    if (approved.statusCode !== 200) throw new Error(`approve: ${approved.statusCode} ${approved.body}`);
  }
  return member;
}

/** The domain events about a member, oldest first. */
export async function eventsOf(t: TestApp, userId: string) {
  return t.database.db
    .select()
    .from(domainEvents)
    .where(eq(domainEvents.userId, userId))
    .orderBy(asc(domainEvents.id));
}

/** The event types about a member, oldest first. */
export async function eventTypesOf(t: TestApp, userId: string): Promise<string[]> {
  return (await eventsOf(t, userId)).map((e) => e.type);
}

/** A real PNG picture of the given size (noise, so it does not compress to nothing). */
export async function pngOf(width: number, height: number): Promise<Buffer> {
  const channels = 3;
  const raw = Buffer.alloc(width * height * channels);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 5) * 31) & 0xff;
  return sharp(raw, { raw: { width, height, channels } }).png().toBuffer();
}

/** A multipart/form-data body with one file part. */
export function multipartBody(fieldName: string, fileName: string, contentType: string, bytes: Buffer) {
  const boundary = `----intergen${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Uploads a picture as the member's profile image. */
export async function uploadImage(
  app: App,
  member: Pick<Member, 'client'>,
  bytes: Buffer,
  fileName = 'portrait.png',
  contentType = 'image/png',
) {
  const body = multipartBody('file', fileName, contentType, bytes);
  const cookie = [...member.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return app.inject({
    method: 'POST',
    url: '/api/profiles/me/image',
    headers: { ...ORIGIN, cookie, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** What `seedProfile` may set: the status flags, names, and any facet or profile column. */
export interface SeedProfileOptions {
  name?: string;
  companyName?: string;
  published?: boolean;
  pending?: boolean;
  private?: boolean;
  /** Columns of the profile row (facets such as `experience`, `investmentOpportunities`, lists …). */
  columns?: Record<string, unknown>;
}

/**
 * A complete profile written straight into the database (published unless told otherwise), for tests that
 * need many counterparts with chosen facets; members who act through the API come from `publishedMember`.
 */
export async function seedProfile(
  t: TestApp,
  kind: ProfileType,
  opts: SeedProfileOptions = {},
): Promise<{ id: string; name: string; email: string }> {
  const id = crypto.randomUUID();
  const email = uniqueEmail(`seed-${kind}`);
  const name = opts.name ?? `Seeded ${kind} ${id.slice(0, 8)}`;
  const [firstName = name, ...rest] = name.split(' ');
  await t.database.db
    .insert(users)
    .values({ id, email, emailVerified: true, name, firstName, lastName: rest.join(' '), kind });
  const row = {
    id,
    name,
    hasBeenWelcomed: true,
    onboardingComplete: true,
    profileComplete: true,
    profilePublished: opts.published ?? true,
    profilePending: opts.pending ?? false,
    publishDate: (opts.published ?? true) ? new Date() : null,
    ...profileColumns(kind),
    ...(kind === 'company'
      ? { companyName: opts.companyName ?? `${name} Inc` }
      : { private: opts.private ?? false }),
    ...opts.columns,
  };
  await t.database.db.insert(kind === 'expert' ? experts : companies).values(row as never);
  await t.database.db.insert(contactInfo).values({ userId: id, email });
  // Written without an event: tell every instance's in-memory copies (matching's counterparts) as an event would.
  await announceMemberChange(t.database.db, id);
  return { id, name, email };
}
