import { randomBytes } from 'node:crypto';
import {
  areasOfImprovement,
  arrangements,
  businessTypes,
  capitalBands,
  companyStages,
  connectionTypes,
  demoTexts,
  engagementTypes,
  industries,
  investingInterests,
  type ProfileType,
  revenueBands,
  seededRandom,
  yesNo,
} from '@intergen/domain';
import { type App, buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import type { Database, Executor } from '../db/client.ts';
import { countMembers } from '../modules/members/index.ts';
import { readDemoMark } from '../modules/settings/index.ts';
import { type DemoBrowser, demoBrowser } from './browser.ts';
import { companyAsks, demoCompanies, demoEmailDomain, demoExperts, expertClosings } from './people.ts';

/**
 * `npm run demo`: a living community made through the app's own HTTP API (`app.inject`), as its members and an
 * admin would have made it over twelve weeks — sign-ups, profiles, approvals, matching, connection requests in
 * every state, reviews, My Network ties, tracking events — so the demo always obeys the rules the app enforces.
 * The app is built with a clock the demo moves week by week (what the analytics count by date is stamped with
 * it) and with the demo's seeded randomness (default avatars), so the same seed makes the same community.
 */

/** The seed of every choice the demo makes. */
export const demoSeed = 20_240_617;
/** The demo's admin: the same address a fresh `npm start` creates. */
export const demoAdminEmail = 'admin@localhost';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** The weeks of history: the analytics' default range (this week and the eleven before it). */
export const demoWeeks = 12;

export interface DemoLinks {
  expert: { name: string; url: string };
  company: { name: string; url: string };
  admin: { email: string; url: string };
}

export type DemoRefusal = { reason: 'demo' | 'members'; message: string };

/**
 * Why the demo must not touch this database, or null: it is a demo already, or it holds members (any expert or
 * company; an admin alone, as a first `npm start` makes, is fine). Read before anything is written.
 */
export async function demoRefusal(ex: Executor): Promise<DemoRefusal | null> {
  if (await readDemoMark(ex)) return { reason: 'demo', message: demoTexts.cli.refusedDemo };
  const members = await countMembers(ex);
  if (members > 0) return { reason: 'members', message: demoTexts.cli.refusedMembers(members) };
  return null;
}

/** The time the demo's use cases see: set by the demo, never later than the real now. */
function demoClock() {
  let at: number | null = null;
  return {
    now: () => new Date(at === null ? Date.now() : Math.min(at, Date.now())),
    set(ms: number) {
      at = ms;
    },
  };
}

/** Every message the app mailed, by recipient, newest last (the mailbox prints each one; the demo reads them). */
function mailCatcher() {
  const byRecipient = new Map<string, string[]>();
  return {
    print(text: string) {
      const to = /MAIL to: (\S+)/.exec(text)?.[1];
      if (to) byRecipient.set(to, [...(byRecipient.get(to) ?? []), text]);
    },
    last(to: string, pattern: RegExp): string {
      const found = (byRecipient.get(to) ?? [])
        .map((text) => pattern.exec(text)?.[1])
        .filter((v): v is string => Boolean(v));
      const value = found.at(-1);
      if (!value) throw new Error(`demo: no mail to ${to} matching ${pattern}`);
      return value;
    },
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
/** `count` distinct items of `items`, in a seeded order. */
function some<T>(random: Random, items: readonly T[], count: number): T[] {
  const order = [...items];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order.slice(0, Math.max(1, Math.min(count, order.length)));
}
const flagsOf = (codes: readonly string[]) => Object.fromEntries(codes.map((c) => [c, true]));
const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
const phoneOf = (n: number) =>
  `(555) ${String(200 + (n % 800)).padStart(3, '0')}-${String(1000 + n * 37).slice(-4)}`;

/** The matching facets of an expert's profile, as its sections save them. */
interface ExpertFacets {
  experience: string[];
  areas: string[];
  engagement: string[];
  stages: string[];
  businessType: string;
  arrangement: string;
  investment: string;
  board: string;
}

function expertFacets(random: Random): ExpertFacets {
  return {
    experience: some(random, industries.codes, between(random, 2, 4)),
    areas: some(random, areasOfImprovement.codes, between(random, 2, 5)),
    engagement: some(random, connectionTypes.codes, between(random, 1, 3)),
    stages: some(random, companyStages.codes, between(random, 1, 3)),
    businessType: pick(random, businessTypes.codes),
    arrangement: pick(random, arrangements.codes),
    investment: pick(random, yesNo.codes),
    board: pick(random, yesNo.codes),
  };
}

/**
 * A company's facets: drawn from `partner`'s when given (a strong match with that expert: needs, industries and
 * engagement the expert offers, at a stage the expert works with, on the same terms), else at random (weak matches).
 */
function companyFacets(random: Random, partner: ExpertFacets | null): ExpertFacets {
  if (partner) {
    return {
      experience: some(random, partner.experience, between(random, 1, 2)),
      areas: some(random, partner.areas, between(random, 1, 3)),
      engagement: some(random, partner.engagement, between(random, 1, 2)),
      stages: [pick(random, partner.stages)],
      businessType: partner.businessType,
      arrangement: partner.arrangement,
      investment: partner.investment,
      board: partner.board,
    };
  }
  return {
    experience: some(random, industries.codes, between(random, 1, 3)),
    areas: some(random, areasOfImprovement.codes, between(random, 1, 3)),
    engagement: some(random, connectionTypes.codes, between(random, 1, 2)),
    stages: [pick(random, companyStages.codes)],
    businessType: pick(random, businessTypes.codes),
    arrangement: pick(random, arrangements.codes),
    investment: pick(random, yesNo.codes),
    board: pick(random, yesNo.codes),
  };
}

/** What becomes of a member: published (an expert approved), pending (an expert awaiting approval), or a draft. */
type Fate = 'published' | 'pending' | 'draft';

interface DemoMember {
  kind: ProfileType;
  index: number;
  name: string;
  email: string;
  ip: string;
  week: number;
  fate: Fate;
  facets: ExpertFacets;
  sections: Record<'basics' | 'profile' | 'extras', Record<string, unknown>>;
  browser: DemoBrowser;
  id: string;
}

/** The sections an expert's wizard saves. */
function expertSections(i: number, random: Random, f: ExpertFacets) {
  const { name, career } = demoExperts[i]!;
  const first = name.split(' ')[0]!;
  return {
    basics: {
      interGenData: flagsOf([pick(random, ['socialMedia', 'event', 'socialMedia'])]),
      phone: phoneOf(i),
      linkedin: `https://www.linkedin.com/in/${slug(name)}-demo`,
      about: `${first} ${career}.`,
    },
    profile: {
      experience: flagsOf(f.experience),
      areasOfImprovement: flagsOf(f.areas),
      idealEngagement: flagsOf(f.engagement),
      businessType: f.businessType,
      currentStage: flagsOf(f.stages),
    },
    extras: {
      anythingElse: `I ${career}. ${expertClosings[i % expertClosings.length]}`,
      engagementType: pick(random, engagementTypes.codes),
      arrangement: f.arrangement,
      investmentOpportunities: f.investment,
      boardOpportunities: f.board,
      interests: flagsOf([pick(random, investingInterests.codes)]),
    },
  };
}

/** The sections a company's wizard saves. */
function companySections(i: number, random: Random, f: ExpertFacets) {
  const c = demoCompanies[i]!;
  return {
    basics: {
      jobTitle: c.jobTitle,
      companyName: c.companyName,
      slogan: c.slogan,
      companySize: between(random, 4, 140),
      yearsInBusiness: between(random, 1, 15),
      website: `https://${slug(c.companyName)}.example.com`,
      revenue: pick(random, revenueBands.codes),
      capital: pick(random, capitalBands.codes),
      interGenData: { referral: true, referralText: 'An advisor in the InterGen community' },
      phone: phoneOf(100 + i),
      linkedin: `https://www.linkedin.com/company/${slug(c.companyName)}-demo`,
      about: c.about,
    },
    profile: {
      experience: flagsOf(f.experience),
      areasOfImprovement: flagsOf(f.areas),
      idealEngagement: flagsOf(f.engagement),
      businessType: f.businessType,
      currentStage: f.stages[0],
    },
    extras: {
      anythingElse: `${c.about} ${companyAsks[i % companyAsks.length]}`,
      arrangement: f.arrangement,
      investmentOpportunities: f.investment,
      boardOpportunities: f.board,
    },
  };
}

/** The connection requests of the demo: who sends to whom, in which week, and how it ends. */
type Outcome =
  | 'open'
  | 'held'
  | 'accepted'
  | 'reviewed'
  | 'reviewedAndClosed'
  | 'closed'
  | 'denied'
  | 'dismissed'
  | 'cancelled';
interface Story {
  expert: number;
  company: number;
  /** Who sends the request. */
  from: ProfileType;
  outcome: Outcome;
  /** Reviews: the company's rating of the expert, the expert's of the company (0: none). */
  companyRates?: number;
  expertRates?: number;
}

/**
 * Every request of the demo. Experts 0–2 and companies 0–1 collect six reviews each (past the threshold of five
 * at which ratings show); expert 0 and company 0 are the members whose sign-in links the demo prints, so they
 * also have requests waiting for them, sent ones, a connection to review and My Network ties.
 */
function stories(): Story[] {
  const list: Story[] = [];
  const messages = [3, 4, 5, 5, 4, 5];
  // Three experts past five reviews: six companies each, every one reviewed by the company.
  for (const [expert, companies] of [
    [0, [0, 1, 2, 3, 4, 5]],
    [1, [6, 7, 8, 9, 10, 11]],
    [2, [12, 13, 14, 15, 16, 17]],
  ] as const) {
    companies.forEach((company, k) => {
      list.push({
        expert,
        company,
        from: k % 2 === 0 ? 'company' : 'expert',
        outcome: k % 3 === 0 ? 'reviewedAndClosed' : 'reviewed',
        companyRates: messages[(k + expert) % messages.length]!,
        expertRates: k % 2 === 0 ? 5 - (k % 2) : 0,
      });
    });
  }
  // Two companies past five reviews: six experts each.
  for (const [company, experts] of [
    [0, [3, 4, 5, 6, 7, 8]],
    [1, [9, 10, 11, 12, 13, 14]],
  ] as const) {
    experts.forEach((expert, k) => {
      list.push({
        expert,
        company,
        from: k % 2 === 0 ? 'expert' : 'company',
        outcome: k % 3 === 1 ? 'reviewedAndClosed' : 'reviewed',
        expertRates: messages[(k + company + 1) % messages.length]!,
        companyRates: k % 2 === 1 ? 4 : 0,
      });
    });
  }
  const add = (expert: number, company: number, from: ProfileType, outcome: Outcome) =>
    list.push({ expert, company, from, outcome });
  // Open: waiting for an answer (two for expert 0, one for company 0, one sent by company 0).
  add(0, 20, 'company', 'open');
  add(0, 21, 'company', 'open');
  add(15, 0, 'expert', 'open');
  add(16, 0, 'company', 'open');
  add(19, 2, 'expert', 'open');
  add(20, 3, 'company', 'open');
  add(21, 23, 'expert', 'open');
  add(22, 24, 'company', 'open');
  // Held: sent by an expert still awaiting approval.
  add(54, 2, 'expert', 'held');
  add(55, 3, 'expert', 'held');
  add(56, 4, 'expert', 'held');
  add(57, 5, 'expert', 'held');
  // Accepted, not reviewed yet (expert 0 has one to review).
  add(0, 30, 'expert', 'accepted');
  add(23, 25, 'company', 'accepted');
  add(24, 26, 'expert', 'accepted');
  add(25, 27, 'company', 'accepted');
  add(26, 28, 'expert', 'accepted');
  add(27, 29, 'company', 'accepted');
  // Closed without a review.
  add(18, 0, 'expert', 'closed');
  add(28, 31, 'company', 'closed');
  add(29, 32, 'expert', 'closed');
  add(30, 33, 'company', 'closed');
  // Denied, dismissed and cancelled (each a lost deal with its reason).
  add(0, 22, 'company', 'denied');
  add(31, 34, 'expert', 'denied');
  add(32, 35, 'company', 'denied');
  add(33, 36, 'expert', 'denied');
  add(34, 37, 'company', 'denied');
  add(35, 38, 'expert', 'dismissed');
  add(36, 2, 'company', 'dismissed');
  add(37, 3, 'expert', 'dismissed');
  add(38, 4, 'company', 'dismissed');
  add(17, 0, 'company', 'cancelled');
  add(39, 5, 'expert', 'cancelled');
  add(40, 6, 'company', 'cancelled');
  add(41, 7, 'expert', 'cancelled');
  return list;
}

/** My Network: who asks whom, and how it ends. */
const networkTies: readonly [number, number, 'accept' | 'open' | 'decline' | 'cancel'][] = [
  [1, 0, 'accept'],
  [0, 2, 'accept'],
  [3, 4, 'accept'],
  [5, 6, 'accept'],
  [7, 8, 'accept'],
  [9, 10, 'accept'],
  [11, 12, 'accept'],
  [13, 1, 'accept'],
  [3, 0, 'open'],
  [0, 13, 'open'],
  [14, 15, 'open'],
  [16, 17, 'decline'],
  [18, 20, 'decline'],
  [21, 22, 'cancel'],
  [23, 24, 'cancel'],
];

export interface DemoOptions {
  config: Config;
  database: Database;
  /** Where progress goes (standard output by default). */
  log?: (line: string) => void;
}

export interface DemoResult {
  experts: number;
  companies: number;
  links: DemoLinks;
}

/**
 * Builds the demo community on `database` (checked empty by `demoRefusal` first), through an app of its own
 * wired as `npm start` wires it, and returns the one-time sign-in links of a demo expert, a demo company and the
 * admin. Drains the outbox before returning, so the CRM's deals, the notifications and the e-mails are all made.
 */
export async function buildDemoCommunity(options: DemoOptions): Promise<DemoResult> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const clock = demoClock();
  const mail = mailCatcher();
  const random = seededRandom(demoSeed);
  const origin = options.config.appUrl;
  const app = await buildApp({
    config: options.config,
    database: options.database,
    logger: false,
    printMail: mail.print,
    now: clock.now,
    random: seededRandom(demoSeed + 1),
  });
  try {
    await app.ready();
    return await fill(app, { log, clock, mail, random, origin });
  } finally {
    await app.close();
  }
}

interface Filling {
  log: (line: string) => void;
  clock: ReturnType<typeof demoClock>;
  mail: ReturnType<typeof mailCatcher>;
  random: Random;
  origin: string;
}

async function fill(app: App, filling: Filling): Promise<DemoResult> {
  const { log, clock, random, origin } = filling;
  log(demoTexts.cli.building(demoExperts.length, demoCompanies.length));
  // Monday 00:00 UTC of the first of the twelve weeks.
  const today = new Date();
  const monday =
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) -
    ((today.getUTCDay() + 6) % 7) * DAY;
  const weekStart = (w: number) => monday - (demoWeeks - 1 - w) * WEEK;

  clock.set(weekStart(0));
  const admin = await setUpAdmin(app, origin);
  const { experts, companies } = castMembers(app, origin, random);
  const everyone = [...experts, ...companies];
  const plan = stories().map((s) => ({
    ...s,
    week: Math.min(
      demoWeeks - 1,
      Math.max(experts[s.expert]!.week, companies[s.company]!.week) + 1 + ((s.expert + s.company) % 3),
    ),
  }));
  const ties = networkTies.map(([a, b, end]) => ({
    a,
    b,
    end,
    week: Math.min(demoWeeks - 1, Math.max(experts[a]!.week, experts[b]!.week) + 2),
  }));
  const cast: Cast = { admin, experts, companies, everyone, plan, ties };
  for (let w = 0; w < demoWeeks; w++) await playWeek(app, filling, cast, w, weekStart(w));

  clock.set(weekStart(demoWeeks - 1) + 2 * DAY);
  await lastSteps(app, cast);
  return { experts: experts.length, companies: companies.length, links: await demoLinks(app, filling, cast) };
}

interface Cast {
  admin: DemoBrowser;
  experts: DemoMember[];
  companies: DemoMember[];
  everyone: DemoMember[];
  plan: (ReturnType<typeof stories>[number] & { week: number })[];
  ties: { a: number; b: number; end: (typeof networkTies)[number][2]; week: number }[];
}

/** The admin, as `npm run admin -- create admin@localhost` makes it, signed in with its link; the demo marked. */
async function setUpAdmin(app: App, origin: string): Promise<DemoBrowser> {
  const admin = demoBrowser(app, origin, '192.0.2.1');
  const first = await app.services.auth.createAdmin(demoAdminEmail);
  const adminUser = await admin.post<{ user: { id: string } }>('/api/auth/one-time-link/consume', {
    token: new URL(first.url).searchParams.get('token'),
  });
  await app.services.settings.markDemo(adminUser.user.id, {
    createdAt: new Date().toISOString(),
    seed: demoSeed,
  });
  // The community tab on, through the admin's settings page.
  const current = await admin.get<{ revision: string; appEnv: string; settings: Record<string, unknown> }>(
    '/api/admin/settings',
  );
  const tabs = current.settings.communityTab as Record<string, boolean>;
  await admin.put('/api/admin/settings', {
    revision: current.revision,
    settings: { ...current.settings, communityTab: { ...tabs, [current.appEnv]: true } },
  });
  return admin;
}

/** The members: who they are, when they sign up, what becomes of them. */
function castMembers(app: App, origin: string, random: Random) {
  const experts: DemoMember[] = demoExperts.map((p, i) => {
    const facets = expertFacets(random);
    return {
      kind: 'expert',
      index: i,
      name: p.name,
      email: `${slug(p.name).replace(/-/g, '.')}@${demoEmailDomain}`,
      ip: `198.51.100.${i + 1}`,
      // Six a week; the experts still awaiting approval and the drafts signed up last.
      week: i >= 58 ? 11 : i >= 54 ? 10 : Math.floor(i / 6),
      fate: i >= 58 ? 'draft' : i >= 54 ? 'pending' : 'published',
      facets,
      sections: expertSections(i, random, facets),
      browser: demoBrowser(app, origin, `198.51.100.${i + 1}`),
      id: '',
    };
  });
  const publishedExperts = experts.filter((e) => e.fate === 'published');
  const companies: DemoMember[] = demoCompanies.map((c, i) => {
    // Most companies have an expert who fits them well; the rest are drawn at random.
    const partner = i < 28 ? publishedExperts[(i * 7) % publishedExperts.length]!.facets : null;
    const facets = companyFacets(random, partner);
    return {
      kind: 'company',
      index: i,
      name: c.contact,
      email: `${slug(c.contact).replace(/-/g, '.')}@${slug(c.companyName)}.${demoEmailDomain}`,
      ip: `203.0.113.${i + 1}`,
      week: i === 39 ? 11 : Math.floor(i / 4),
      fate: i === 39 ? 'draft' : 'published',
      facets,
      sections: companySections(i, random, facets),
      browser: demoBrowser(app, origin, `203.0.113.${i + 1}`),
      id: '',
    };
  });
  return { experts, companies };
}

/** One of the twelve weeks: its sign-ups, approvals, requests and their answers, My Network ties and visits. */
async function playWeek(app: App, { clock, mail, random }: Filling, cast: Cast, w: number, start: number) {
  const { admin, experts, companies, everyone, plan, ties } = cast;
  // Sign-ups of the week, spread over its working days.
  const joining = everyone.filter((m) => m.week === w);
  const joinedAt = (k: number) => start + DAY * ((k % 5) + 0.4) + HOUR * (k % 8);
  for (const [k, m] of joining.entries()) {
    clock.set(joinedAt(k));
    await signUpAndFill(m);
  }
  // The verification e-mails go out; each member types the code and submits (or publishes).
  await app.worker.drain();
  for (const [k, m] of joining.entries()) {
    clock.set(joinedAt(k) + HOUR / 2);
    if (m.fate !== 'draft') await verifyAndSubmit(m, mail);
  }
  // An admin approves the experts who submitted (all but those still awaiting approval).
  clock.set(start + 5 * DAY + 10 * HOUR);
  for (const m of joining) {
    if (m.kind === 'expert' && m.fate === 'published') {
      await admin.post(`/api/admin/profiles/${m.id}/approve`);
    }
  }
  // Matching runs after each publish (suggestions for the strong matches).
  await app.worker.drain();

  // The week's requests and their answers, one after the other through the week.
  const week = plan.filter((s) => s.week === w);
  for (const [k, s] of week.entries()) {
    const at = start + DAY * 0.5 + (k * 5 * DAY) / Math.max(1, week.length);
    await playStory(app, admin, experts[s.expert]!, companies[s.company]!, s, at, clock);
  }
  for (const [k, t] of ties.filter((t) => t.week === w).entries()) {
    clock.set(start + DAY + k * 7 * HOUR);
    await playTie(experts[t.a]!, experts[t.b]!, t.end, clock);
  }
  await trackWeek(w, start, everyone, random, clock);
  await app.worker.drain();
}

/** The last week's end: suggestions dismissed without a word, notifications seen, the outbox run dry. */
async function lastSteps(app: App, { admin, experts, companies, everyone }: Cast) {
  // A few members say no to a suggestion without writing (lost deals of the recommendation kind).
  for (const m of [...experts.slice(42, 47), ...companies.slice(8, 11)]) {
    const { suggestions } = await m.browser.get<{ suggestions: { id: string; requestSent: boolean }[] }>(
      '/api/suggestions',
    );
    const open = suggestions.find((s) => !s.requestSent);
    if (!open) continue;
    await m.browser.post('/api/tracking', { type: 'DISMISS_CARD', targetId: open.id, tab: 'dashboard' });
    await m.browser.post('/api/suggestions/dismiss', { suggestionId: open.id });
  }
  // Most members have looked at their notifications; the two demo members have news waiting.
  for (const m of everyone.filter((m) => m.id && m.fate !== 'draft' && m.index % 3 !== 0)) {
    await m.browser.post('/api/notifications/seen', {});
  }
  // Every step mirrored to the CRM, every notification and e-mail made.
  await drainOutbox(app, admin);
}

/** The links: the members' through "Sign in with a one-time link", the admin's as `npm run admin` makes it. */
async function demoLinks(
  app: App,
  { mail, origin }: Filling,
  { experts, companies }: Cast,
): Promise<DemoLinks> {
  const expert = experts[0]!;
  const company = companies[0]!;
  return {
    expert: { name: expert.name, url: await memberLink(app, expert, mail, origin) },
    company: {
      name: `${company.name} (${demoCompanies[0]!.companyName})`,
      url: await memberLink(app, company, mail, origin),
    },
    admin: { email: demoAdminEmail, url: (await app.services.auth.createAdmin(demoAdminEmail)).url },
  };
}

/**
 * Runs the outbox worker until no row waits: a CRM contact's full update is due some seconds after the contact was
 * made (the spec's delay), so rows scheduled for later are waited for. A row parked as dead stops the demo.
 */
async function drainOutbox(app: App, admin: DemoBrowser): Promise<void> {
  for (const deadline = Date.now() + 120_000; ; ) {
    await app.worker.drain();
    const { topics } = await admin.get<{
      topics: { topic: string; due: number; running: number; retrying: number; dead: number }[];
    }>('/api/admin/outbox/summary');
    const dead = topics.filter((t) => t.dead > 0).map((t) => t.topic);
    if (dead.length > 0) throw new Error(`demo: outbox rows parked as dead in ${dead.join(', ')}`);
    if (topics.every((t) => t.due + t.running + t.retrying === 0)) return;
    if (Date.now() > deadline) throw new Error('demo: the outbox did not drain in two minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const verificationCode = /^\s+([23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{5})\s*$/m;

/** Sign-up, the wizard's sections and the review step, as the member does them (a draft stops half-way). */
async function signUpAndFill(m: DemoMember): Promise<void> {
  const signedUp = await m.browser.post<{ user: { id: string } }>('/api/auth/sign-up', {
    name: m.name,
    email: m.email,
    // Nobody signs in with it: the demo's members come in by one-time links.
    password: randomBytes(18).toString('base64url'),
    profileType: m.kind,
  });
  m.id = signedUp.user.id;
  const sections = Object.entries(m.sections);
  for (const [section, body] of m.fate === 'draft' ? sections.slice(0, 1) : sections) {
    await m.browser.put(`/api/profiles/me/sections/${section}`, body);
  }
  if (m.fate !== 'draft') await m.browser.post('/api/profiles/me/review-reached');
}

/** The e-mail's code typed in, and the profile submitted (an expert) or published (a company). */
async function verifyAndSubmit(m: DemoMember, mail: ReturnType<typeof mailCatcher>): Promise<void> {
  await m.browser.post('/api/auth/email-verification/verify', {
    code: mail.last(m.email, verificationCode),
  });
  await m.browser.post('/api/profiles/me/submit');
}

/** One connection request from its sending to its end. */
async function playStory(
  app: App,
  admin: DemoBrowser,
  expert: DemoMember,
  company: DemoMember,
  s: Story,
  at: number,
  clock: ReturnType<typeof demoClock>,
): Promise<void> {
  clock.set(at);
  // The matcher suggested the strong pairs already; an admin suggests the others (a duplicate is ignored).
  const { suggestionId } = await admin.post<{ suggestionId: string }>('/api/admin/suggestions', {
    expertId: expert.id,
    companyId: company.id,
  });
  const sender = s.from === 'expert' ? expert : company;
  const recipient = s.from === 'expert' ? company : expert;
  clock.set(at + 2 * HOUR);
  await sender.browser.post('/api/tracking', { type: 'VIEW_PROFILE_FROM_CARD', targetId: recipient.id });
  await sender.browser.post('/api/connections', {
    suggestionId,
    message: s.from === 'expert' ? requestMessage.expert(company) : requestMessage.company(expert),
  });
  const act = (who: DemoMember, action: string, body: unknown = {}) =>
    who.browser.post(`/api/connections/${suggestionId}/${action}`, body);
  clock.set(at + 26 * HOUR);
  switch (s.outcome) {
    case 'open':
    case 'held':
      return;
    case 'denied':
      await act(recipient, 'deny');
      return;
    case 'dismissed':
      await act(recipient, 'dismiss');
      return;
    case 'cancelled':
      await act(sender, 'cancel');
      return;
    default:
      break;
  }
  await act(recipient, 'accept');
  if (s.outcome === 'accepted') return;
  clock.set(at + 4 * DAY);
  if (s.outcome === 'closed') {
    await act(sender, 'close');
    return;
  }
  if (s.companyRates) {
    await act(company, 'survey', { rating: s.companyRates, comment: reviewComment(s.companyRates) });
  }
  if (s.expertRates) {
    await act(expert, 'survey', { rating: s.expertRates, comment: reviewComment(s.expertRates) });
  }
  if (s.outcome === 'reviewedAndClosed') await act(company, 'close');
  void app;
}

const requestMessage = {
  expert: (company: DemoMember) =>
    `Hello ${company.name.split(' ')[0]}, I have worked on exactly these questions before and would be glad to help ${company.sections.basics.companyName}.`,
  company: (expert: DemoMember) =>
    `Hi ${expert.name.split(' ')[0]}, your experience fits where we are heading. Could we have a first call?`,
};

function reviewComment(rating: number): string {
  if (rating >= 5) return 'Generous with time and very practical advice.';
  if (rating >= 4) return 'Helpful conversations; we are putting the ideas to work.';
  return 'A good first meeting, though our needs turned out to be different.';
}

/** One My Network request and how it ends. */
async function playTie(
  a: DemoMember,
  b: DemoMember,
  end: 'accept' | 'open' | 'decline' | 'cancel',
  clock: ReturnType<typeof demoClock>,
): Promise<void> {
  const { request } = await a.browser.post<{ request: { id: string } }>('/api/network/requests', {
    expertId: b.id,
  });
  clock.set(clock.now().getTime() + 20 * HOUR);
  if (end === 'accept') await b.browser.post(`/api/network/requests/${request.id}/accept`);
  if (end === 'decline') await b.browser.post(`/api/network/requests/${request.id}/decline`);
  if (end === 'cancel') await a.browser.post(`/api/network/requests/${request.id}/cancel`);
}

/** The week's browsing: published members open the community and look at cards (the tracking events). */
async function trackWeek(
  w: number,
  start: number,
  everyone: readonly DemoMember[],
  random: Random,
  clock: ReturnType<typeof demoClock>,
): Promise<void> {
  const active = everyone.filter((m) => m.fate === 'published' && m.week < w);
  for (const [k, m] of active.entries()) {
    if (random() < 0.5) continue;
    clock.set(start + DAY * (k % 6) + HOUR * (9 + (k % 9)));
    if (m.kind === 'expert') await m.browser.post('/api/tracking', { type: 'EXPLORE_EXPERT_COMMUNITY' });
    const other = pick(random, active);
    if (other.id !== m.id) {
      await m.browser.post('/api/tracking', { type: 'VIEW_PROFILE_FROM_CARD', targetId: other.id });
    }
  }
}

/** A one-time sign-in link for a member, mailed as the login page's "Sign in with a one-time link" mails it. */
async function memberLink(
  app: App,
  m: DemoMember,
  mail: ReturnType<typeof mailCatcher>,
  origin: string,
): Promise<string> {
  await demoBrowser(app, origin, m.ip).post('/api/auth/one-time-link', { email: m.email });
  await app.worker.drain();
  const escaped = origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return mail.last(m.email, new RegExp(`(${escaped}/\\S*token=\\S+)`));
}
