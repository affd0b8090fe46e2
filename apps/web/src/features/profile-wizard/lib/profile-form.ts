import {
  canProceed,
  cleanInterGenData,
  completion,
  formatPhone,
  type InterGenData,
  type ProfileData,
  type ProfileType,
  type SectionId,
  sectionErrors,
  sectionFields,
  sectionIds,
  wizardSteps,
} from '@intergen/domain';
import type { FieldProblem } from '../../../lib/api-client';

/** The draft of one section: field name → value, in the shapes of the domain's profile data. */
export type SectionValues = Record<string, unknown>;

/** What the member edits: the stored values with their pending (unpublished) changes on top. */
export function editorData(profile: {
  data: object;
  pendingChanges: Record<string, unknown> | null;
}): Partial<ProfileData> {
  return { ...profile.data, ...(profile.pendingChanges ?? {}) } as Partial<ProfileData>;
}

/** The fields a section form edits (the picture changes through its own upload, not the section save). */
export function formFields(kind: ProfileType, section: SectionId): string[] {
  return (sectionFields[kind][section] as readonly string[]).filter((f) => f !== 'profileImage');
}

/** The section's values out of the profile data; the stored phone digits shown as on the profile page. */
export function sectionValues(
  kind: ProfileType,
  section: SectionId,
  data: Partial<ProfileData>,
): SectionValues {
  const record = data as Record<string, unknown>;
  return Object.fromEntries(
    formFields(kind, section).map((f) => {
      const value = record[f] ?? null;
      return [f, f === 'phone' && typeof value === 'string' ? formatPhone(value) : value];
    }),
  );
}

/** The codes ticked in a flags object (`{ tech: true, edu: false }` → `['tech']`). */
export function tickedCodes(flags: unknown): string[] {
  if (!flags || typeof flags !== 'object') return [];
  return Object.entries(flags as Record<string, unknown>)
    .filter(([, v]) => v === true)
    .map(([k]) => k);
}

/** A flags object over every code: ticked codes true, the others false (so unticking is saved too). */
export function flagsOf(codes: readonly string[], ticked: readonly string[]): Record<string, boolean> {
  return Object.fromEntries(codes.map((c) => [c, ticked.includes(c)]));
}

/** The request body of a section save: the given fields, the referral texts cleared when unticked. */
export function sectionPatch(values: SectionValues, fields: readonly string[]): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const field of fields) {
    let value = values[field];
    if (field === 'interGenData' && value) value = cleanInterGenData(value as InterGenData);
    if (value === undefined) continue;
    patch[field] = value;
  }
  return patch;
}

/** The server's validation details by field (the first segment of each path). */
export function problemsByField(details: readonly FieldProblem[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of details) {
    const field = d.path.split('.')[0] ?? d.path;
    if (field && !out[field]) out[field] = d.message;
  }
  return out;
}

/** Each section's completion and whether it is ready (100 % and no wrong value). */
export function sectionReadiness(kind: ProfileType, data: Partial<ProfileData>) {
  const percent = completion(kind, data).sections;
  return sectionIds.map((section) => ({
    section,
    percent: percent[section],
    ready: canProceed(kind, section, data),
  }));
}

/** Per wizard step, whether it is done: its section is 100 % complete with no rule broken (review: never). */
export function stepsDone(kind: ProfileType, data: Partial<ProfileData>): boolean[] {
  return wizardSteps[kind].map((step) => (step.section ? canProceed(kind, step.section, data) : false));
}

/** Whether every section may be published: 100 % everywhere and no rule broken. */
export function isReadyToPublish(kind: ProfileType, data: Partial<ProfileData>): boolean {
  return sectionReadiness(kind, data).every((s) => s.ready);
}

/** The wizard step of a section. */
export function stepOfSection(kind: ProfileType, section: SectionId) {
  return wizardSteps[kind].find((s) => s.section === section)!;
}

/** The errors a section shows (every missing or wrong field, with the spec's messages). */
export function sectionProblems(kind: ProfileType, section: SectionId, values: SectionValues) {
  return sectionErrors(kind, section, values as Partial<ProfileData>, { requireAll: true });
}

/** Whether the profile's edits are held as pending changes (after onboarding: published, paused or pending). */
export function isPostOnboarding(profile: {
  onboardingComplete: boolean;
  status: string;
  profilePublished: boolean;
}): boolean {
  return (
    profile.profilePublished ||
    (profile.onboardingComplete && ['published', 'paused', 'pending'].includes(profile.status))
  );
}
