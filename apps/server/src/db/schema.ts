import type { CrmPipeline, NetworkRequestStatus } from '@intergen/domain';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();
const flags = (name: string) => jsonb(name).$type<Record<string, boolean>>();
/** Binary data: node-postgres reads a Buffer, PGlite a Uint8Array; both are handed out as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});
const ids = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);
/**
 * GIN indexes of the matching-list filters write new entries straight into the index: with the default pending
 * list, entries wait for a vacuum (PGlite has no autovacuum) and every list query scans them one by one.
 */
const noPendingList = { fastupdate: false };

/** The user record: the login identity, the expert/company flag and the admin role. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** When the address was verified; null while unverified, and for addresses verified before it was kept. */
    emailVerifiedAt: ts('email_verified_at'),
    name: text('name').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    kind: text('kind').$type<'expert' | 'company'>(),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** scrypt hash; null once the login was removed (a disabled account). */
    passwordHash: text('password_hash'),
    loginRemovedAt: ts('login_removed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The admin's members console: sorted by e-mail, and searched in it (pg_trgm answers ILIKE '%…%').
    index('users_console_email_idx').on(sql`lower(${t.email}) COLLATE "C"`, t.id),
    index('users_console_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`).with(noPendingList),
  ],
);

/** Server-side sessions; the cookie carries a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** `Maybe later` on the company's annual confirmation: not asked again until the next sign-in. */
    annualConfirmationPostponed: boolean('annual_confirmation_postponed').notNull().default(false),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Single-use tokens for password reset and one-time sign-in links, stored hashed. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'password_reset' | 'one_time_login'>().notNull(),
    redirect: text('redirect'),
    dealId: text('deal_id'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId, t.purpose)],
);

/** The one live e-mail verification code of a user (a new code replaces the old one). */
export const emailVerificationCodes = pgTable('email_verification_codes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  createdAt: createdAt(),
});

/**
 * Status and lifecycle fields both profile kinds share (spec 000 §3, §4), and the editable fields they have in
 * common. The editable columns are named as the fields of the domain's ExpertProfileData / CompanyProfileData,
 * so a profile maps onto its row field by field; phone, linkedin and jobTitle live in `contact_info`.
 */
const profileLifecycle = () => ({
  name: text('name').notNull(),
  hasBeenWelcomed: boolean('has_been_welcomed').notNull().default(false),
  onboardingComplete: boolean('onboarding_complete').notNull().default(false),
  profileComplete: boolean('profile_complete').notNull().default(false),
  profilePending: boolean('profile_pending').notNull().default(false),
  profilePublished: boolean('profile_published').notNull().default(false),
  publishDate: ts('publish_date'),
  gettingStartedDismissed: boolean('getting_started_dismissed').notNull().default(false),
  disableReason: text('disable_reason'),
  disabledDate: ts('disabled_date'),
  deactivatedDate: ts('deactivated_date'),
  deactivateReason: text('deactivate_reason'),
  /** What an admin's deactivation took away (published, or pending approval), so activation can restore it. */
  deactivatedFrom: text('deactivated_from').$type<'published' | 'pending'>(),
  pausedDate: ts('paused_date'),
  pauseReason: text('pause_reason'),
  lastPausedBy: text('last_paused_by'),
  hasEmailVerificationCode: boolean('has_email_verification_code').notNull().default(false),
  numberOfRatings: integer('number_of_ratings').notNull().default(0),
  averageRating: doublePrecision('average_rating').notNull().default(0),
  profileImage: jsonb('profile_image').$type<{ url: string; name: string } | null>(),
  about: text('about'),
  interGenData: jsonb('inter_gen_data').$type<Record<string, boolean | string>>(),
  experience: flags('experience'),
  areasOfImprovement: flags('areas_of_improvement'),
  idealEngagement: flags('ideal_engagement'),
  businessType: text('business_type'),
  anythingElse: text('anything_else'),
  arrangement: text('arrangement'),
  investmentOpportunities: text('investment_opportunities'),
  boardOpportunities: text('board_opportunities'),
  /**
   * The community filters of spec 001 §5 as tokens (`i:<industry>`, `a:<area>`, `inv`, `board`), kept by the
   * database (function `community_facets`, migration 0008), so that one GIN index answers any mix of filters.
   */
  /** When the profile joined the community lists: its publish date, else its creation (their "newest"). */
  listedAt: ts('listed_at').generatedAlwaysAs(sql`coalesce(publish_date, created_at)`),
  facetTokens: text('facet_tokens')
    .array()
    .generatedAlwaysAs(
      sql`community_facets(experience, areas_of_improvement, investment_opportunities, board_opportunities)`,
    ),
  notInterestedExperts: ids('not_interested_experts'),
  /** Unsaved edits held while a profile is published (a partial profile, contact fields included). */
  tempData: jsonb('temp_data').$type<Record<string, unknown> | null>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The admin's members console: every member in keyset pages sorted by name, publish date, last update
 * or rating (creation: `*_created_idx`), each a merge of the two profile tables' index scans; and the name search.
 */
function consoleIndexes(
  table: 'experts' | 'companies',
  t: {
    id: AnyPgColumn;
    name: AnyPgColumn;
    publishDate: AnyPgColumn;
    updatedAt: AnyPgColumn;
    averageRating: AnyPgColumn;
    numberOfRatings: AnyPgColumn;
    companyName?: AnyPgColumn;
  },
) {
  const searched = [
    sql`${t.name} gin_trgm_ops`,
    ...(t.companyName ? [sql`${t.companyName} gin_trgm_ops`] : []),
  ];
  return [
    index(`${table}_console_name_idx`).on(sql`lower(${t.name}) COLLATE "C"`, t.id),
    index(`${table}_console_published_idx`).on(sql`coalesce(${t.publishDate}, 'epoch'::timestamptz)`, t.id),
    index(`${table}_console_updated_idx`).on(t.updatedAt, t.id),
    index(`${table}_console_rating_idx`).on(t.averageRating, t.numberOfRatings, t.id),
    index(`${table}_console_search_trgm`)
      .using('gin', ...(searched as [SQL, ...SQL[]]))
      .with(noPendingList),
  ];
}

export const experts = pgTable(
  'experts',
  {
    id: text('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...profileLifecycle(),
    isVerified: boolean('is_verified').notNull().default(false),
    private: boolean('private').notNull().default(false),
    engagementType: text('engagement_type'),
    interests: flags('interests'),
    currentStage: flags('current_stage'),
    notInterestedCompanies: ids('not_interested_companies'),
    connectedCompanyIds: ids('connected_company_ids'),
    suggestedCompanyIds: ids('suggested_company_ids'),
  },
  (t) => [
    index('experts_created_idx').on(t.createdAt, t.id),
    ...consoleIndexes('experts', t),
    // The community lists: published, non-private experts newest first (keyset pages), the name search
    // (the name's three-character substrings as exact GIN keys, `community_grams`, migration 0016, so that
    // a search matching nobody reads the index, not every row) and the flag filters.
    // Covering b-trees (index-only scans, no row read): newest first with keyset, and by id for the viewer's
    // strong matches; both carry what the filters and the search test.
    index('experts_listed_idx')
      .on(t.listedAt.desc(), t.id.desc(), t.name, t.facetTokens)
      .where(sql`${t.profilePublished} AND NOT ${t.private}`),
    index('experts_listed_id_idx')
      .on(t.id, t.listedAt, t.name, t.facetTokens)
      .where(sql`${t.profilePublished} AND NOT ${t.private}`),
    index('experts_community_gin')
      .using('gin', t.facetTokens, sql`community_grams(lower(${t.name}))`)
      .where(sql`${t.profilePublished} AND NOT ${t.private}`)
      .with(noPendingList),
  ],
);

export const companies = pgTable(
  'companies',
  {
    id: text('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...profileLifecycle(),
    companyName: text('company_name'),
    slogan: text('slogan'),
    companySize: integer('company_size'),
    yearsInBusiness: integer('years_in_business'),
    website: text('website'),
    revenue: text('revenue'),
    capital: text('capital'),
    currentStage: text('current_stage'),
    suggestedExpertIds: ids('suggested_expert_ids'),
    supportingDocuments: jsonb('supporting_documents').$type<unknown[]>(),
  },
  (t) => [
    index('companies_created_idx').on(t.createdAt, t.id),
    ...consoleIndexes('companies', t),
    index('companies_listed_idx')
      .on(t.listedAt.desc(), t.id.desc(), t.name, t.companyName, t.facetTokens)
      .where(sql`${t.profilePublished}`),
    index('companies_listed_id_idx')
      .on(t.id, t.listedAt, t.name, t.companyName, t.facetTokens)
      .where(sql`${t.profilePublished}`),
    index('companies_community_gin')
      .using(
        'gin',
        t.facetTokens,
        sql`community_grams(lower(${t.name} || E'\\n' || coalesce(${t.companyName}, '')))`,
      )
      .where(sql`${t.profilePublished}`)
      .with(noPendingList),
  ],
);

/**
 * How many members each unfiltered community list holds, per kind (`expert`, `company`): the profiles that pass
 * the lists' own condition (published; an expert also not private). Kept by the database (triggers on both
 * profile tables, migration 0018) in the transaction of every change, so the first page of an unfiltered list
 * reads its exact total here instead of counting every listed row.
 */
export const communityCounts = pgTable('community_counts', {
  kind: text('kind').$type<'expert' | 'company'>().primaryKey(),
  listed: integer('listed').notNull(),
});

/** Contact details, readable only by the owner, admins and connected parties. */
export const contactInfo = pgTable('contact_info', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  phone: text('phone'),
  linkedin: text('linkedin'),
  jobTitle: text('job_title'),
  updatedAt: updatedAt(),
});

/** The transactional outbox: side effects written with the change, delivered at least once by the worker. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** `discarded`: a dead row an admin put away for good (kept for the record, never run). */
    status: text('status').$type<'pending' | 'done' | 'dead' | 'discarded'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    runAt: ts('run_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    /**
     * Rows with the same key run one after the other, in id order: a row waits while an earlier one of its key
     * is pending, retries included (a CRM deal's steps must not overtake each other). A dead row stops no one.
     */
    orderingKey: text('ordering_key'),
    /**
     * Deleted instead of kept as `done` once it succeeds: a delivery that must name a deleted member (the CRM's
     * `member.deleted`) leaves no record of them behind (DESIGN.md §4 "Deleting vs disabling").
     */
    forgetWhenDone: boolean('forget_when_done').notNull().default(false),
    /**
     * The id of the HTTP request whose work wrote the row (a job's rows keep the id of the row that ran it), so
     * the worker's log of the job names that request. Not personal data: a random id, also in the request log.
     */
    requestId: text('request_id'),
    createdAt: createdAt(),
    processedAt: ts('processed_at'),
  },
  (t) => [
    uniqueIndex('outbox_idempotency_idx').on(t.idempotencyKey),
    index('outbox_due_idx').on(t.status, t.runAt),
    index('outbox_ordering_idx')
      .on(t.orderingKey, t.id)
      .where(sql`${t.status} = 'pending' AND ${t.orderingKey} IS NOT NULL`),
    index('outbox_dead_idx').on(t.topic, t.id).where(sql`${t.status} = 'dead'`),
    // The admin's count of rows done in the last 24 hours: done rows are never deleted, so it reads a range.
    index('outbox_done_idx').on(t.processedAt).where(sql`${t.status} = 'done'`),
  ],
);

/** The embedded mailbox: every message sent while no SMTP server is configured. */
export const mailbox = pgTable(
  'mailbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** The members the message speaks of (a request's sender): their account's deletion removes it. */
    about: text('about').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [index('mailbox_created_idx').on(t.createdAt)],
);

/**
 * Domain events, append-only: every profile save and state change, written in the transaction of the change.
 * Subscribers (CRM, matching) receive them through outbox rows enqueued with the event.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    /** The member the event is about (kept when the user is deleted: the log is append-only). */
    userId: text('user_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('domain_events_user_idx').on(t.userId, t.id),
    index('domain_events_type_idx').on(t.type, t.id),
  ],
);

/**
 * Run-time settings admins may change (one row per setting, the settings module's `settingKeys`): the
 * community-tab flag and survey forms per environment, matching thresholds, the version-change popup, the
 * support e-mail. A setting without a row has its default.
 */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * What admins did: one row per action, written in the transaction of the change it records. The
 * actor is a user id without a foreign key (null for the app itself), so the record outlives the account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id'),
    /** `<module>.<verb>`, e.g. `settings.update`. */
    action: text('action').notNull(),
    /** What was acted on: a setting's key, a member's id. */
    target: text('target'),
    /** For a change, `{ before, after }`. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    // Newest first, page by page (keyset on created_at, id), over every action or one.
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_action_created_idx').on(t.action, t.createdAt, t.id),
  ],
);

const userRef = (name: string) =>
  text(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * The match score of one expert and one company (DESIGN.md §5). One row per pair (the unique index), written
 * with `INSERT … ON CONFLICT DO UPDATE … WHERE score <> EXCLUDED.score`, so a row changes only when its value does.
 */
export const matchScores = pgTable(
  'match_scores',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    expertId: userRef('expert_id'),
    companyId: userRef('company_id'),
    score: integer('score').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('match_scores_pair_idx').on(t.expertId, t.companyId),
    // A member's strong matches (spec 001 §9, community score minimum 80), by score, for the community lists.
    index('match_scores_expert_strong_idx').on(t.expertId, t.score).where(sql`${t.score} >= 80`),
    // A company's scores by score: its strong matches for the lists, and every row of a company (a deleted
    // company's cascade, the batch's scan of companies). Every stored score is strong (migration 0020), so one
    // full index does what a partial one and `(company_id, expert_id)` did (migration 0021).
    index('match_scores_company_score_idx').on(t.companyId, t.score),
    // The admin's Scores list, by score or by last change, then id: a page walks an index instead of
    // sorting every stored score. Both grow at one end per score value or in time, so they cost the batch little.
    index('match_scores_score_idx').on(t.score, t.id),
    index('match_scores_updated_idx').on(t.updatedAt, t.id),
  ],
);

/**
 * How many scores are stored at each value, as rows of changes the database adds in the transaction of every
 * statement on `match_scores` (triggers, migration 0023): the admin's Scores list reads its unfiltered total as
 * the sum of a few hundred short rows instead of counting every stored score. Rows are only ever added, so two
 * transactions writing scores never wait for each other here; every 64th statement folds them into one per value.
 */
export const matchScoreCounts = pgTable('match_score_counts', {
  score: integer('score').notNull(),
  rows: bigint('rows', { mode: 'number' }).notNull(),
});

/**
 * What the last batch reconciled an expert's stored scores against: a digest of the expert's strong pairs
 * (`modules/matching/score-digest.ts`). A batch that computes the same digest again skips reading and comparing
 * that expert's rows. Any other write to the expert's rows in `match_scores` (a job, a suggestion, a deleted
 * member's cascade, a hand-made change) deletes the digest in its own statement, by triggers (migration 0021), so
 * a digest is only ever kept while the rows are exactly what it was made against.
 */
export const matchScoreDigests = pgTable('match_score_digests', {
  expertId: text('expert_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  digest: text('digest').notNull(),
  updatedAt: updatedAt(),
});

/**
 * A match suggestion between one expert and one company (spec 000 §3), made by an admin (`created_by` is the
 * admin's id) or by the matcher after a publish (`matcher`, with the event that caused it).
 */
export const matchSuggestions = pgTable(
  'match_suggestions',
  {
    id: text('id').primaryKey(),
    expertId: userRef('expert_id'),
    companyId: userRef('company_id'),
    /** The counterpart's rank in the automatic run that made it (1 = best); 0 for an admin's pick. */
    position: integer('position').notNull().default(0),
    dealId: text('deal_id'),
    requestSent: boolean('request_sent').notNull().default(false),
    requestSentAt: ts('request_sent_at'),
    notInterested: boolean('not_interested').notNull().default(false),
    notInterestedByCompany: boolean('not_interested_by_company').notNull().default(false),
    createdBy: text('created_by').notNull(),
    /** The domain event whose matching job made this suggestion (automatic ones), so a re-delivery adds none. */
    sourceEventId: bigint('source_event_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('match_suggestions_pair_idx').on(t.expertId, t.companyId),
    index('match_suggestions_company_idx').on(t.companyId, t.createdAt),
    index('match_suggestions_source_idx').on(t.sourceEventId).where(sql`${t.sourceEventId} IS NOT NULL`),
  ],
);

/**
 * A connection request (spec 000 §3/§4). Its id is its match suggestion's id (one request per suggestion, so
 * per pair); deleting the suggestion deletes it. `expert_rating` is the company's rating of the expert,
 * `venture_rating` the expert's rating of the company. The message is stored as typed (newlines kept); it is
 * only ever rendered as text. `closed` says the connection was closed by either party; each party's own close
 * (`expert_closed_on`, `company_closed_on`) ends only that party's review prompt.
 */
export const connectionRequests = pgTable(
  'connection_requests',
  {
    id: text('id')
      .primaryKey()
      .references(() => matchSuggestions.id, { onDelete: 'cascade' }),
    expertId: userRef('expert_id'),
    companyId: userRef('company_id'),
    requestedBy: text('requested_by').$type<'expert' | 'venture'>().notNull(),
    message: text('message').notNull().default(''),
    seen: boolean('seen').notNull().default(false),
    notInterested: boolean('not_interested').notNull().default(false),
    accepted: boolean('accepted').notNull().default(false),
    dismissed: boolean('dismissed').notNull().default(false),
    closed: boolean('closed').notNull().default(false),
    /** Sent by an expert whose profile was pending: hidden from the company until the expert is approved. */
    isPending: boolean('is_pending').notNull().default(false),
    requestSentAt: ts('request_sent_at').notNull().defaultNow(),
    connectedOn: ts('connected_on'),
    /** When the connection was first closed, by either party (spec 000 §4: `closed`, `closedOn`). */
    closedOn: ts('closed_on'),
    /**
     * When each party closed it (ended their review prompt without a review): one party's close never ends the
     * other's prompt.
     */
    expertClosedOn: ts('expert_closed_on'),
    companyClosedOn: ts('company_closed_on'),
    expertCompletedSurvey: boolean('expert_completed_survey').notNull().default(false),
    companyCompletedSurvey: boolean('company_completed_survey').notNull().default(false),
    expertRating: integer('expert_rating'),
    ventureRating: integer('venture_rating'),
    /** Review comments, kept when no hosted survey form is configured (DESIGN.md §4). */
    expertComment: text('expert_comment'),
    companyComment: text('company_comment'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('connection_requests_pair_idx').on(t.expertId, t.companyId),
    index('connection_requests_company_idx').on(t.companyId, t.requestSentAt.desc()),
    index('connection_requests_expert_idx').on(t.expertId, t.requestSentAt.desc()),
  ],
);

/**
 * My Network (spec 000 §3 "Favorite expert", §4): one expert asks another to join their network. At most one
 * `requesting` or `connected` row per pair of experts, whichever way round: the partial unique index on the
 * unordered pair makes a duplicate impossible even under concurrent requests. Declined and cancelled rows stay.
 */
export const networkRequests = pgTable(
  'network_requests',
  {
    id: text('id').primaryKey(),
    initiatorId: userRef('initiator_id'),
    recipientId: userRef('recipient_id'),
    status: text('status').$type<NetworkRequestStatus>().notNull().default('requesting'),
    /** The shared connected company through which the initiator found the recipient (spec: companyId). */
    viaCompanyId: text('via_company_id'),
    companyName: text('company_name'),
    /** The CRM's My Network deal, once the CRM has made one. */
    dealId: text('deal_id'),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    respondedAt: ts('responded_at'),
    connectedOn: ts('connected_on'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('network_requests_open_pair_idx')
      .on(sql`least(${t.initiatorId}, ${t.recipientId})`, sql`greatest(${t.initiatorId}, ${t.recipientId})`)
      .where(sql`${t.status} IN ('requesting', 'connected')`),
    index('network_requests_initiator_idx').on(t.initiatorId, t.requestedAt.desc()),
    index('network_requests_recipient_idx').on(t.recipientId, t.requestedAt.desc()),
  ],
);

export type NotificationKind =
  | 'suggestion'
  | 'request_received'
  | 'request_accepted'
  | 'profile_approved'
  | 'network_request'
  | 'network_accepted';

/** A member's notification about a suggestion, a connection request or a connection; flags start false. */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: userRef('user_id'),
    kind: text('kind').$type<NotificationKind>().notNull(),
    suggestionId: text('suggestion_id').references(() => matchSuggestions.id, { onDelete: 'cascade' }),
    requestId: text('request_id').references(() => connectionRequests.id, { onDelete: 'cascade' }),
    connectionId: text('connection_id'),
    /** The My Network request (network notifications). */
    networkRequestId: text('network_request_id').references(() => networkRequests.id, {
      onDelete: 'cascade',
    }),
    /** The other member of the suggestion or request (none for an approval), kept with the notification. */
    counterpartId: text('counterpart_id'),
    /** The request's message (request notifications). */
    message: text('message'),
    hasSeen: boolean('has_seen').notNull().default(false),
    hasDismissed: boolean('has_dismissed').notNull().default(false),
    hasExplored: boolean('has_explored').notNull().default(false),
    emailSent: boolean('email_sent').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_suggestion_idx').on(t.suggestionId),
    index('notifications_request_idx').on(t.requestId),
  ],
);

/** A full scoring batch started by an admin and run by the outbox worker, with its progress. */
export const matchingRuns = pgTable(
  'matching_runs',
  {
    id: text('id').primaryKey(),
    status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    requestedBy: text('requested_by'),
    pairs: bigint('pairs', { mode: 'number' }).notNull().default(0),
    written: bigint('written', { mode: 'number' }).notNull().default(0),
    suggestionsCreated: integer('suggestions_created').notNull().default(0),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('matching_runs_created_idx').on(t.createdAt)],
);

/** Analytics events of spec 001 §7 (`VIEW_PROFILE_FROM_CARD`, `DISMISS_CARD`, `EXPLORE_EXPERT_COMMUNITY`). */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    type: text('type').notNull(),
    targetId: text('target_id'),
    tab: text('tab'),
    createdAt: createdAt(),
  },
  (t) => [index('tracking_events_type_idx').on(t.type, t.createdAt)],
);

/**
 * What the admin's analytics counted of members since deleted (DESIGN.md §4: analytics keep anonymous counts so
 * past weeks do not change): per ISO week (its Monday, `YYYY-MM-DD`), role (`expert`, `company`, or `all` for
 * counts that have none) and metric (a funnel stage, `lost:<reason>` or `tracking:<type>`), added up. No id.
 */
export const analyticsRetained = pgTable(
  'analytics_retained',
  {
    weekStart: text('week_start').notNull(),
    role: text('role').notNull(),
    metric: text('metric').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.weekStart, t.role, t.metric] })],
);

/**
 * Rate-limit counters, shared by every app instance and kept across restarts: one row per key (a SHA-256 of
 * the limiter's key, which names an address or an e-mail) and window, counted with one UPSERT per hit.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: ts('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/** A CRM property value as both gateways store it (HubSpot's properties are strings; numbers are kept as such). */
type CrmProperties = Record<string, string | number | null>;

/**
 * The built-in CRM (DESIGN.md §6), used when HubSpot is not configured: one contact per member. `memberId` is
 * our id (HubSpot's `intergen_profile_id`), looked up before a create so a repeated delivery makes no second
 * contact. No foreign key: like an outside CRM, it keeps a contact whose member has gone.
 */
export const crmContacts = pgTable(
  'crm_contacts',
  {
    id: text('id').primaryKey(),
    memberId: text('member_id').notNull(),
    kind: text('kind').$type<'expert' | 'company'>().notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    properties: jsonb('properties').$type<CrmProperties>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('crm_contacts_member_idx').on(t.memberId),
    index('crm_contacts_name_idx').on(t.name, t.id),
  ],
);

/**
 * The built-in CRM's deals: a connection (expert and venture) or My Network (initiator and recipient) deal, its
 * stage and lost reason. `dealKey` is ours (the suggestion's or network request's id; HubSpot's
 * `intergen_deal_key`), unique, so a delivery run twice finds the deal instead of making another.
 * `lastEventId` is the last domain event applied: an older one delivered late does not move the stage back.
 */
export const crmDeals = pgTable(
  'crm_deals',
  {
    id: text('id').primaryKey(),
    pipeline: text('pipeline').$type<CrmPipeline>().notNull(),
    dealKey: text('deal_key'),
    /** The expert (connection) or the initiator (My Network). */
    firstContactId: text('first_contact_id')
      .notNull()
      .references(() => crmContacts.id),
    /** The venture (connection) or the recipient (My Network). */
    secondContactId: text('second_contact_id')
      .notNull()
      .references(() => crmContacts.id),
    stage: text('stage').notNull(),
    lostReason: text('lost_reason'),
    properties: jsonb('properties').$type<CrmProperties>().notNull(),
    lastEventId: bigint('last_event_id', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('crm_deals_key_idx').on(t.dealKey),
    index('crm_deals_board_idx').on(t.pipeline, t.stage, t.updatedAt.desc(), t.id),
  ],
);

/** Every stage a deal entered, with its lost reason and the properties that changed with it. */
export const crmDealStages = pgTable(
  'crm_deal_stages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dealId: text('deal_id')
      .notNull()
      .references(() => crmDeals.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    lostReason: text('lost_reason'),
    properties: jsonb('properties').$type<CrmProperties>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('crm_deal_stages_deal_idx').on(t.dealId, t.id)],
);

/**
 * What the CRM mirror last delivered of each CRM record (`contact:<crm id>`, `deal:<crm id>`): a digest per
 * property, so an update sends only what changed since and leaves alone what a CRM user filled in by hand. Digests,
 * not values: the table names no one (the record's row goes when its member is deleted all the same).
 */
export const crmSentProperties = pgTable('crm_sent_properties', {
  record: text('record').primaryKey(),
  digests: jsonb('digests').$type<Record<string, string>>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * Uploaded profile pictures (DESIGN.md §2 "Files"): the re-encoded bytes under their server-made name, the name
 * in the picture's URL `/uploads/<name>`, so that every instance serves them and a backup of the database holds
 * them. They go with their owner's account.
 */
export const profileImages = pgTable(
  'profile_images',
  {
    name: text('name').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('profile_images_owner_idx').on(t.ownerId)],
);
