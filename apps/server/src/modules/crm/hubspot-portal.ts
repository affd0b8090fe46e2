import {
  adminProfileTexts,
  areasOfImprovement,
  arrangements,
  businessTypes,
  type CrmPipeline,
  capitalBands,
  companyStages,
  connectionTypes,
  crmTexts,
  dealStages,
  engagementTypes,
  industries,
  investingInterests,
  matchPartLabels,
  networkStages,
  profilePageTexts,
  profileStatuses,
  referralSources,
  revenueBands,
  yesNo,
} from '@intergen/domain';

/**
 * The HubSpot portal the mirror writes to, in one place: every property it writes that is not one of HubSpot's
 * own, and the two deal pipelines with their stages. `npm run crm:setup` creates it (hubspot-setup.ts), the app
 * checks it at start-up, and the test stub starts as it (test/hubspot-stub.portal.ts).
 *
 * Types are HubSpot's property model (properties API v3): `type` is how the value is stored, `fieldType` how it
 * is edited; an `enumeration` lists its options, `checkbox` taking several semicolon-joined.
 */

export type HubSpotObject = 'contacts' | 'deals';

export interface PortalOption {
  value: string;
  label: string;
}

export interface PortalProperty {
  name: string;
  label: string;
  type: 'string' | 'number' | 'date' | 'datetime' | 'enumeration';
  fieldType: 'text' | 'textarea' | 'number' | 'date' | 'select' | 'checkbox';
  groupName: string;
  options?: readonly PortalOption[];
  /** HubSpot makes a property unique only at creation (it cannot be changed afterwards). */
  hasUniqueValue?: true;
}

export interface PortalStage {
  /** Our stage name (packages/domain), HubSpot's stage label. */
  label: string;
  /** HubSpot's deal stage metadata: the win probability (0 to 1) and whether the deal is closed there. */
  probability: number;
  isClosed: boolean;
}

export interface PortalPipeline {
  pipeline: CrmPipeline;
  label: string;
  stages: readonly PortalStage[];
}

/** The property group our properties go into, one per object type (HubSpot groups are per object). */
export const portalGroup = { name: 'intergen', label: 'InterGen' } as const;

const group = portalGroup.name;
const text = (name: string, label: string): PortalProperty => ({
  name,
  label,
  type: 'string',
  fieldType: 'text',
  groupName: group,
});
const longText = (name: string, label: string): PortalProperty => ({
  ...text(name, label),
  fieldType: 'textarea',
});
const number = (name: string, label: string): PortalProperty => ({
  name,
  label,
  type: 'number',
  fieldType: 'number',
  groupName: group,
});
/** A day written as `YYYY-MM-DD` (HubSpot's date properties take an ISO date, stored as midnight UTC). */
const day = (name: string, label: string): PortalProperty => ({
  name,
  label,
  type: 'date',
  fieldType: 'date',
  groupName: group,
});
const select = (name: string, label: string, options: readonly PortalOption[]): PortalProperty => ({
  name,
  label,
  type: 'enumeration',
  fieldType: 'select',
  groupName: group,
  options,
});
/** Several options semicolon-joined, as `semicolonJoined` writes them. */
const multi = (name: string, label: string, options: readonly PortalOption[]): PortalProperty => ({
  ...select(name, label, options),
  fieldType: 'checkbox',
});
const same = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/**
 * The contact properties of spec 001 §7 ("Contact properties", and the account state) that HubSpot does not
 * have itself; `email`, `firstname`, `lastname`, `phone` and `website` are HubSpot's own.
 */
export const contactProperties: readonly PortalProperty[] = [
  // Labels are the domain's words where it has them (what members and admins see).
  { ...text('intergen_member_id', 'InterGen member id'), hasUniqueValue: true },
  select('profile_type', crmTexts.contactType, same(['Expert', 'Venture'])),
  text('linkedin', profilePageTexts.linkedin),
  longText('referral_text', 'Referral text'),
  longText('other_text', 'Other text'),
  multi('referral_source', 'Referral source', referralSources.options),
  multi('experience', profilePageTexts.experience, industries.options),
  multi('areas_of_improvement', profilePageTexts.areasOfImprovement, areasOfImprovement.options),
  multi('ideal_engagement', profilePageTexts.idealEngagement, connectionTypes.options),
  select('fee_based', arrangements.labels.feeBased, yesNo.options),
  select('investment_opportunities', matchPartLabels.investment, yesNo.options),
  select('board_opportunities', matchPartLabels.board, yesNo.options),
  select('business_type', matchPartLabels.businessType, businessTypes.options),
  // A company has one stage, an expert ticks the stages they work with: one multi-select takes both.
  multi('company_stage', matchPartLabels.stage, companyStages.options),
  longText('anything_else', profilePageTexts.anythingElse),
  select('profile_status', crmTexts.contactStatus, same(profileStatuses)),
  { ...text('updated_time', 'Updated time'), type: 'datetime', fieldType: 'date' },
  day('publish_date', 'Publish date'),
  day('profile_start_date', 'Profile start date'),
  // Mountain time as the spec formats it (`2026-11-24 07:05 MST`): text, not a HubSpot datetime.
  text('last_login', 'Last login'),
  select('engagement_type', profilePageTexts.engagementType, engagementTypes.options),
  multi('investing', 'Investing', investingInterests.options),
  text('profile_id', 'Profile id'),
  text('picture_url', 'Picture URL'),
  day('pause_date', 'Pause date'),
  longText('pause_reason', adminProfileTexts.pauseReason),
  text('last_paused_by', 'Last paused by'),
  longText('disable_reason', 'Disable reason'),
  day('disable_date', 'Disable date'),
  text('job_title', profilePageTexts.jobTitle),
  number('years_in_business', profilePageTexts.yearsInBusiness),
  number('company_size', 'Company size'),
  text('company_name', profilePageTexts.companyName),
  select('revenue', 'Revenue', revenueBands.options),
  select('capital', 'Capital', capitalBands.options),
];

/**
 * The deal properties of spec 001 §7 ("Deal properties") and our keys; `dealname`, `pipeline`, `dealstage` and
 * `closed_lost_reason` are HubSpot's own.
 */
export const dealProperties: readonly PortalProperty[] = [
  { ...text('intergen_deal_key', 'InterGen deal key'), hasUniqueValue: true },
  number('intergen_last_event_id', 'InterGen last event'),
  text('intergen_deal_id', 'InterGen deal id'),
  select('connection_requested_by', 'Connection requested by', same(['expert', 'venture'])),
  longText('request_message', 'Request message'),
  text('recipient_magic_link', crmTexts.magicLink),
  number('match_score', crmTexts.score),
  text('initiator_name', 'Initiator name'),
  text('recipient_name', 'Recipient name'),
  multi('industry_experience', matchPartLabels.industry, industries.options),
  text('profile_url', 'Profile URL'),
  number('rating', 'Rating'),
  number('expert_rating', 'Expert rating'),
  number('venture_rating', 'Venture rating'),
];

export const portalProperties: Record<HubSpotObject, readonly PortalProperty[]> = {
  contacts: contactProperties,
  deals: dealProperties,
};

/** HubSpot's own properties the mirror writes: they exist in every portal. */
export const hubspotOwnProperties: Record<HubSpotObject, readonly string[]> = {
  contacts: ['email', 'firstname', 'lastname', 'phone', 'website'],
  deals: ['dealname', 'pipeline', 'dealstage', 'closed_lost_reason'],
};

/** The two pipelines (spec 000 §4), stages in the spec's order; lost and finished stages are closed. */
export const portalPipelines: readonly PortalPipeline[] = [
  {
    pipeline: 'connection',
    label: 'InterGen connections',
    stages: [
      { label: dealStages.requested, probability: 0.1, isClosed: false },
      { label: dealStages.pending, probability: 0.2, isClosed: false },
      { label: dealStages.complete, probability: 0.6, isClosed: false },
      { label: dealStages.closed, probability: 1, isClosed: true },
      { label: dealStages.surveySent, probability: 1, isClosed: true },
      { label: dealStages.abandoned, probability: 0, isClosed: true },
    ],
  },
  {
    pipeline: 'network',
    label: 'InterGen My Network',
    stages: [
      { label: networkStages.requested, probability: 0.2, isClosed: false },
      { label: networkStages.accepted, probability: 1, isClosed: true },
      { label: networkStages.rejected, probability: 0, isClosed: true },
    ],
  },
];

/**
 * The private app's scopes the running app needs: records read and written, properties read (the start-up
 * check). `npm run crm:setup` needs the schema write scopes as well (`setupScopes`).
 */
export const appScopes = [
  'crm.objects.contacts.read',
  'crm.objects.contacts.write',
  'crm.objects.deals.read',
  'crm.objects.deals.write',
  'crm.schemas.contacts.read',
  'crm.schemas.deals.read',
] as const;

export const setupScopes = [...appScopes, 'crm.schemas.contacts.write', 'crm.schemas.deals.write'] as const;

/** HubSpot's endpoint answering a private app token's scopes (`POST` with `{ tokenKey }`). */
export const accessTokenInfoPath = '/oauth/v2/private-apps/get/access-token-info';
