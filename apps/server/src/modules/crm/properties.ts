import { mountainTime, semicolonJoined } from '@intergen/domain';
import type { Executor } from '../../db/client.ts';
import { lastSignInAt } from '../auth/index.ts';
import * as members from '../members/index.ts';

/** A CRM record's properties: HubSpot's internal property names, values as HubSpot takes them. */
export type CrmProperties = Record<string, string | number | null>;

/** What a contact is made from: its member, e-mail, display name and properties. */
export interface ContactRecord {
  memberId: string;
  kind: 'expert' | 'company';
  email: string;
  name: string;
  properties: CrmProperties;
}

/**
 * The deal properties the mirror writes (spec 001 §7 "Deal properties"), read back to fill what a late delivery
 * finds missing. `intergen_deal_id` is the connection's deal id of ours; the ratings are per side as well.
 */
export const dealPropertyNames = [
  'intergen_deal_id',
  'connection_requested_by',
  'request_message',
  'recipient_magic_link',
  'match_score',
  'initiator_name',
  'recipient_name',
  'industry_experience',
  'profile_url',
  'rating',
  'expert_rating',
  'venture_rating',
] as const;

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const flagsOf = (v: unknown) => semicolonJoined(v as Record<string, boolean> | null) || null;

/**
 * The minimal properties a contact is created with (spec 001 §7: profile type, first and last name, status,
 * publish date, profile id); the full update follows after the spec's delay.
 */
export function minimalProperties(record: ContactRecord): CrmProperties {
  const p = record.properties;
  const keep = [
    'email',
    'profile_type',
    'firstname',
    'lastname',
    'profile_status',
    'publish_date',
    'profile_id',
  ];
  return Object.fromEntries(keep.map((k) => [k, p[k] ?? null]));
}

/**
 * A member's contact as the CRM keeps it (spec 001 §7 "Contact properties"), read from their profile now:
 * the last login in America/Denver time, referral sources and other multi-selects semicolon-joined, the
 * company-only fields for companies, and the account state (status, pause, disable). Null: no such member.
 */
export async function contactRecord(ex: Executor, memberId: string): Promise<ContactRecord | null> {
  const profile = await members.findProfile(ex, memberId);
  const user = await members.findUserById(ex, memberId);
  if (!profile || !user) return null;
  const data = profile.data as unknown as Record<string, unknown>;
  const referral = (data.interGenData ?? null) as Record<string, unknown> | null;
  const referralFlags = Object.fromEntries(
    Object.entries(referral ?? {}).filter(([, v]) => typeof v === 'boolean'),
  ) as Record<string, boolean>;
  const lastLogin = await lastSignInAt(ex, memberId);
  const image = data.profileImage as { url?: string } | null;
  const arrangement = text(data.arrangement);
  const properties: CrmProperties = {
    email: profile.contactEmail,
    profile_type: profile.kind === 'expert' ? 'Expert' : 'Venture',
    firstname: user.firstName,
    lastname: user.lastName,
    phone: text(data.phone),
    linkedin: text(data.linkedin),
    referral_text: text(referral?.referralText),
    other_text: text(referral?.otherText),
    referral_source: semicolonJoined(referralFlags) || null,
    experience: flagsOf(data.experience),
    areas_of_improvement: flagsOf(data.areasOfImprovement),
    ideal_engagement: flagsOf(data.idealEngagement),
    fee_based: arrangement ? (arrangement === 'feeBased' ? 'yes' : 'no') : null,
    investment_opportunities: text(data.investmentOpportunities),
    board_opportunities: text(data.boardOpportunities),
    business_type: text(data.businessType),
    company_stage: profile.kind === 'company' ? text(data.currentStage) : flagsOf(data.currentStage),
    anything_else: text(data.anythingElse),
    profile_status: members.statusOf(profile),
    updated_time: profile.updatedAt.toISOString(),
    publish_date: day(profile.publishDate),
    profile_start_date: day(profile.createdAt),
    last_login: lastLogin ? mountainTime(lastLogin) : null,
    engagement_type: text(data.engagementType),
    investing: profile.kind === 'expert' ? flagsOf(data.interests) : null,
    profile_id: profile.id,
    picture_url: text(image?.url),
    // Account state (spec 001 §7: "Account state updates also set …")
    pause_date: day(profile.pausedDate),
    pause_reason: profile.pauseReason,
    last_paused_by: profile.lastPausedBy,
    disable_reason: profile.disableReason,
    disable_date: day(profile.disabledDate),
  };
  if (profile.kind === 'company') {
    Object.assign(properties, {
      job_title: text(data.jobTitle),
      years_in_business: (data.yearsInBusiness as number | null) ?? null,
      company_size: (data.companySize as number | null) ?? null,
      company_name: text(data.companyName),
      revenue: text(data.revenue),
      capital: text(data.capital),
      website: text(data.website),
    });
  }
  return { memberId, kind: profile.kind, email: profile.contactEmail, name: profile.name, properties };
}
