import type { AdminSettingsResponse, AppSettings, AuditResponse } from '@intergen/contracts';
import {
  accessTexts,
  auditActionLabels,
  defaultNewChangesPopup,
  matchingDefaults,
  messages,
  settingsLimits,
  settingsTexts,
  stalledDealDays,
} from '@intergen/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { auditLog, matchSuggestions, settings } from '../src/db/schema.ts';
import { bucketsOf, connectedPair } from './connections.support.ts';
import { type Client, publishedMember, put, signInAdmin, signUpMember } from './factories.ts';
import { client, createTestApp, type Engine, engines, secondInstance, type TestApp } from './helpers.ts';

const e = settingsTexts.errors;
const expertForm = 'https://forms.example.com/advisor-survey?embedded=true';
const companyForm = 'https://forms.example.com/venture-survey';

describe.each(engines)('admin settings on %s', (engine: Engine) => {
  let t: TestApp;
  let admin: { client: Client; id: string; email: string };

  beforeAll(async () => {
    // As in production: the community tab on; the server runs as development (APP_ENV's default).
    t = await createTestApp(engine, { COMMUNITY_TAB: 'true' });
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  const read = async (c: Client = admin.client): Promise<AdminSettingsResponse> => {
    const response = await c.get('/api/admin/settings');
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const write = (body: unknown, c: Client = admin.client, app: App = t.app) =>
    put(app, c, '/api/admin/settings', body);
  /** Reads the settings, changes them with `change`, and saves them; answers the saved settings. */
  const change = async (edit: (s: AppSettings) => void, app: App = t.app): Promise<AdminSettingsResponse> => {
    const current = await read();
    const next = structuredClone(current.settings);
    edit(next);
    const response = await write({ revision: current.revision, settings: next }, admin.client, app);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const auditPage = async (query = ''): Promise<AuditResponse> => {
    const response = await admin.client.get(`/api/admin/audit${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const storedRows = () => t.database.db.select().from(settings);
  const auditRows = () => t.database.db.select().from(auditLog);

  describe('access', () => {
    it('is for admins only: 401 signed out and 403 for a member, before the body is looked at', async () => {
      const { revision, settings: current } = await read();
      const body = { revision, settings: { ...current, supportEmail: 'taken-over@example.com' } };
      const outsider = client(t.app);
      const member = await signUpMember(t.app, 'expert');
      expect((await outsider.get('/api/admin/settings')).statusCode).toBe(401);
      expect((await write(body, outsider)).statusCode).toBe(401);
      expect((await outsider.get('/api/admin/audit')).statusCode).toBe(401);
      expect((await member.client.get('/api/admin/settings')).statusCode).toBe(403);
      expect((await write(body, member.client)).statusCode).toBe(403);
      // A bad body tells a member nothing about the rules either.
      expect((await write({ settings: 'nonsense' }, member.client)).statusCode).toBe(403);
      expect((await member.client.get('/api/admin/audit')).statusCode).toBe(403);
      expect((await read()).settings.supportEmail).toBe(current.supportEmail);
    });
  });

  describe('defaults', () => {
    it('are the configuration’s community tab and support e-mail and the domain’s thresholds and popup', async () => {
      const answer = await read();
      expect(answer.appEnv).toBe('development');
      expect(answer.settings).toEqual({
        // This server's environment follows COMMUNITY_TAB; the others their default (on in production).
        communityTab: { production: true, staging: false, development: true },
        surveyForms: {
          production: { expert: '', company: '' },
          staging: { expert: '', company: '' },
          development: { expert: '', company: '' },
        },
        matching: { topN: matchingDefaults.topN, minScore: matchingDefaults.minScore },
        newChangesPopup: defaultNewChangesPopup,
        supportEmail: 'support@intergen.local',
        crm: { stalledAfterDays: stalledDealDays.default },
      });
      const config = (await client(t.app).get('/api/config')).json();
      expect(config).toEqual({
        appEnv: 'development',
        communityTab: true,
        supportEmail: 'support@intergen.local',
        newChangesPopup: {
          releasedAt: Date.UTC(2026, 10, 23),
          title: defaultNewChangesPopup.title,
          intro: defaultNewChangesPopup.intro,
          items: defaultNewChangesPopup.items,
        },
        demo: false,
      });
    });
  });

  describe('validation', () => {
    it('refuses bad values with a message on each field and changes nothing', async () => {
      const before = await read();
      const rowsBefore = await storedRows();
      const bad = structuredClone(before.settings);
      bad.surveyForms.development.expert = 'http://forms.example.com/not-encrypted';
      bad.surveyForms.staging.company = 'javascript:alert(1)';
      bad.surveyForms.production.expert = `https://forms.example.com/${'a'.repeat(settingsLimits.urlMax)}`;
      bad.matching.topN = 101;
      bad.matching.minScore = 2.5;
      bad.newChangesPopup.releaseDate = '2027-02-30';
      bad.newChangesPopup.title = '   ';
      bad.newChangesPopup.intro = 'x'.repeat(settingsLimits.popupIntroMax + 1);
      bad.newChangesPopup.items = Array.from(
        { length: settingsLimits.popupItemsMax + 1 },
        (_, i) => `News ${i}`,
      );
      bad.supportEmail = 'support at intergen';
      const response = await write({ revision: before.revision, settings: bad });
      expect(response.statusCode).toBe(400);
      const { error } = response.json();
      expect(error.code).toBe('VALIDATION_FAILED');
      const byPath = Object.fromEntries(
        (error.details as { path: string; message: string }[]).map((d) => [d.path, d.message]),
      );
      expect(byPath).toMatchObject({
        'settings.surveyForms.development.expert': e.httpsUrl,
        'settings.surveyForms.staging.company': e.httpsUrl,
        'settings.surveyForms.production.expert': e.tooLong(settingsLimits.urlMax),
        'settings.matching.topN': e.wholeNumber(0, 100),
        'settings.matching.minScore': e.wholeNumber(0, 100),
        'settings.newChangesPopup.releaseDate': e.releaseDate,
        'settings.newChangesPopup.title': e.required,
        'settings.newChangesPopup.intro': e.tooLong(settingsLimits.popupIntroMax),
        'settings.newChangesPopup.items': e.tooManyItems(settingsLimits.popupItemsMax),
        'settings.supportEmail': messages.invalidEmail,
      });
      expect(await read()).toEqual(before);
      expect(await storedRows()).toEqual(rowsBefore);
      expect(await auditRows()).toEqual([]);
    });

    it('refuses text that cannot be stored (NUL) and values of the wrong type, changing nothing', async () => {
      const before = await read();
      const withNul = structuredClone(before.settings);
      withNul.newChangesPopup.title = 'Hello\u0000world';
      const nul = await write({ revision: before.revision, settings: withNul });
      expect(nul.statusCode).toBe(400);
      expect(nul.json().error.details).toEqual([
        { path: 'settings.newChangesPopup.title', message: messages.unsupportedCharacters },
      ]);
      const wrongType = await write({
        revision: before.revision,
        settings: { ...before.settings, communityTab: { ...before.settings.communityTab, staging: 'yes' } },
      });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().error.details[0].path).toBe('settings.communityTab.staging');
      const missing = await write({ revision: before.revision, settings: { supportEmail: 'a@b.example' } });
      expect(missing.statusCode).toBe(400);
      expect(await read()).toEqual(before);
      expect(await auditRows()).toEqual([]);
    });

    it('refuses a change made against settings another admin has changed since (409), keeping theirs', async () => {
      const first = await read();
      const other = await signInAdmin(t);
      const theirs = structuredClone(first.settings);
      theirs.matching.minScore = 70;
      expect((await write({ revision: first.revision, settings: theirs }, other.client)).statusCode).toBe(
        200,
      );
      const mine = structuredClone(first.settings);
      mine.supportEmail = 'late@intergen.example';
      const late = await write({ revision: first.revision, settings: mine });
      expect(late.statusCode).toBe(409);
      expect(late.json().error).toEqual({ code: 'CONFLICT', message: e.conflict });
      const now = await read();
      expect(now.settings.matching.minScore).toBe(70);
      expect(now.settings.supportEmail).toBe(first.settings.supportEmail);
      await change((s) => {
        s.matching.minScore = matchingDefaults.minScore;
      });
    });

    it('lets one of two concurrent changes from the same revision through and refuses the other', async () => {
      const { revision, settings: current } = await read();
      const a = structuredClone(current);
      a.newChangesPopup.title = 'Title A';
      const b = structuredClone(current);
      b.newChangesPopup.title = 'Title B';
      const answers = await Promise.all([write({ revision, settings: a }), write({ revision, settings: b })]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((r) => r.statusCode === 200)!.json() as AdminSettingsResponse;
      expect((await read()).settings.newChangesPopup.title).toBe(winner.settings.newChangesPopup.title);
      await change((s) => {
        s.newChangesPopup.title = defaultNewChangesPopup.title;
      });
    });
  });

  describe('take effect without a restart', () => {
    it('a survey form reaches the member’s connection buckets of this environment at their next read', async () => {
      const { expert, company } = await connectedPair(t);
      expect((await bucketsOf(expert)).surveyFormUrl).toBeNull();
      // Another environment's form is not this server's.
      await change((s) => {
        s.surveyForms.production.expert = 'https://forms.example.com/production-only';
      });
      expect((await bucketsOf(expert)).surveyFormUrl).toBeNull();
      await change((s) => {
        s.surveyForms.development = { expert: `  ${expertForm}  `, company: companyForm };
      });
      expect((await read()).settings.surveyForms.development.expert).toBe(expertForm);
      expect((await bucketsOf(expert)).surveyFormUrl).toBe(expertForm);
      expect((await bucketsOf(company)).surveyFormUrl).toBe(companyForm);
      // Emptied: no form, the review dialog shows a comment box instead.
      await change((s) => {
        s.surveyForms.development.company = '';
      });
      expect((await bucketsOf(company)).surveyFormUrl).toBeNull();
      expect((await bucketsOf(expert)).surveyFormUrl).toBe(expertForm);
    });

    it('the community tab turned off refuses the community lists and their profiles, as the configuration flag does', async () => {
      const viewer = await publishedMember(t, 'expert', admin, 'Community Viewer');
      const listed = await publishedMember(t, 'expert', admin, 'Community Listed');
      expect((await viewer.client.get('/api/matching/experts')).statusCode).toBe(200);
      expect((await viewer.client.get(`/api/profiles/${listed.id}`)).statusCode).toBe(200);

      await change((s) => {
        s.communityTab.development = false;
      });
      const list = await viewer.client.get('/api/matching/experts');
      expect(list.statusCode).toBe(404);
      expect(list.json().error).toEqual({ code: 'NOT_FOUND', message: accessTexts.communityOff });
      expect((await viewer.client.get(`/api/profiles/${listed.id}`)).statusCode).toBe(404);
      expect((await client(t.app).get('/api/config')).json().communityTab).toBe(false);

      await change((s) => {
        s.communityTab.development = true;
      });
      expect((await viewer.client.get('/api/matching/experts')).statusCode).toBe(200);
      expect((await client(t.app).get('/api/config')).json().communityTab).toBe(true);
    });

    it('the thresholds are used by the next matching run', async () => {
      const matcherSuggestionsOf = async (companyId: string) =>
        t.database.db
          .select({ id: matchSuggestions.id })
          .from(matchSuggestions)
          .where(and(eq(matchSuggestions.companyId, companyId), eq(matchSuggestions.createdBy, 'matcher')));
      await publishedMember(t, 'expert', admin, 'Threshold One');
      await publishedMember(t, 'expert', admin, 'Threshold Two');
      await t.app.worker.drain();

      await change((s) => {
        s.matching = { topN: 1, minScore: 0 };
      });
      const first = await publishedMember(t, 'company', admin, 'Threshold Company');
      await t.app.worker.drain();
      expect(await matcherSuggestionsOf(first.id)).toHaveLength(1);

      await change((s) => {
        s.matching = { topN: 0, minScore: 0 };
      });
      const second = await publishedMember(t, 'company', admin, 'No Suggestions Company');
      await t.app.worker.drain();
      expect(await matcherSuggestionsOf(second.id)).toHaveLength(0);

      await change((s) => {
        s.matching = { topN: matchingDefaults.topN, minScore: matchingDefaults.minScore };
      });
    });

    it('the support e-mail goes into /api/config and the next mail that gives it', async () => {
      await change((s) => {
        s.supportEmail = 'help@intergen.example';
      });
      expect((await client(t.app).get('/api/config')).json().supportEmail).toBe('help@intergen.example');
      const member = await signUpMember(t.app, 'company');
      const disabled = await member.client.post('/api/profiles/me/disable', { reasons: ['noTime'] });
      expect(disabled.statusCode, disabled.body).toBe(200);
      const [mail] = await t.mailTo(member.email);
      expect(mail?.text).toContain('help@intergen.example');
    });

    it('the version popup’s words and release date go to every browser through /api/config', async () => {
      await change((s) => {
        s.newChangesPopup = {
          releaseDate: '2027-03-01',
          title: 'What is new in March',
          intro: 'Three things changed:',
          items: ['Settings for admins', 'An audit log'],
        };
      });
      expect((await client(t.app).get('/api/config')).json().newChangesPopup).toEqual({
        releasedAt: Date.UTC(2027, 2, 1),
        title: 'What is new in March',
        intro: 'Three things changed:',
        items: ['Settings for admins', 'An audit log'],
      });
    });
  });

  describe('several instances on one database', () => {
    let other: App;
    beforeAll(async () => {
      // A second app instance on the same database, configured with the community tab off.
      other = await secondInstance(t, { COMMUNITY_TAB: 'false' });
    });
    afterAll(() => other.close());

    // Each instance keeps a copy of the settings; the table's trigger tells every instance of a change
    // (LISTEN/NOTIFY), so the other instance has it as soon as it hears, the changing one at once.
    const supportEmailOf = async (app: App) => (await client(app).get('/api/config')).json().supportEmail;
    const communityTabOf = async (app: App) => (await client(app).get('/api/config')).json().communityTab;

    it('see a change made through either: the one that made it at once, the other when it hears of it', async () => {
      // Both instances have read (and keep) the settings before the change.
      await supportEmailOf(t.app);
      await supportEmailOf(other);
      await change((s) => {
        s.supportEmail = 'first-instance@intergen.example';
      });
      expect(await supportEmailOf(t.app)).toBe('first-instance@intergen.example');
      await expect.poll(() => supportEmailOf(other)).toBe('first-instance@intergen.example');
      await change((s) => {
        s.surveyForms.development.company = companyForm;
        s.supportEmail = 'second-instance@intergen.example';
      }, other);
      expect(await supportEmailOf(other)).toBe('second-instance@intergen.example');
      await expect.poll(() => supportEmailOf(t.app)).toBe('second-instance@intergen.example');
      expect((await read()).settings.surveyForms.development.company).toBe(companyForm);
    });

    it('hear of a change made by hand in the database (an operator in psql)', async () => {
      expect(await supportEmailOf(t.app)).toBe('second-instance@intergen.example');
      expect(await supportEmailOf(other)).toBe('second-instance@intergen.example');
      await t.database.db
        .update(settings)
        .set({ value: 'by-hand@intergen.example' })
        .where(eq(settings.key, 'supportEmail'));
      await expect.poll(() => supportEmailOf(t.app)).toBe('by-hand@intergen.example');
      await expect.poll(() => supportEmailOf(other)).toBe('by-hand@intergen.example');
    });

    it('keep their own configured community tab until an admin sets their environment', async () => {
      // The development flag was set in an earlier test (on): both instances follow it now.
      expect(await communityTabOf(other)).toBe(true);
      await t.database.db.delete(settings).where(eq(settings.key, 'communityTab'));
      expect(await communityTabOf(t.app)).toBe(true);
      await expect.poll(() => communityTabOf(other)).toBe(false);
      // Setting staging stores staging only: development keeps following each instance's configuration.
      await change((s) => {
        s.communityTab.staging = true;
      });
      const [row] = await t.database.db.select().from(settings).where(eq(settings.key, 'communityTab'));
      expect(row?.value).toEqual({ staging: true });
      expect((await client(t.app).get('/api/config')).json().communityTab).toBe(true);
      expect((await client(other).get('/api/config')).json().communityTab).toBe(false);
    });
  });

  describe('the audit log', () => {
    it('records each changed setting with who changed it, before and after, in the same transaction', async () => {
      await t.database.db.delete(auditLog);
      const before = await read();
      await change((s) => {
        s.matching.topN = 7;
        s.surveyForms.staging.expert = 'https://forms.example.com/staging-advisors';
      });
      const page = await auditPage();
      expect(page.nextCursor).toBeNull();
      expect(page.entries.map((entry) => entry.target).sort()).toEqual(['matching', 'surveyForms']);
      const matching = page.entries.find((entry) => entry.target === 'matching')!;
      expect(matching).toMatchObject({
        actor: { id: admin.id, email: admin.email },
        action: 'settings.update',
        details: { before: before.settings.matching, after: { ...before.settings.matching, topN: 7 } },
      });
      expect(auditActionLabels[matching.action]).toBeTruthy();
      expect(Math.abs(matching.at - Date.now())).toBeLessThan(60_000);
      // Saving the same settings again changes nothing and records nothing.
      await change(() => {});
      expect((await auditPage()).entries).toHaveLength(2);
    });

    it('lists newest first in keyset pages, filters by action, and refuses an unknown cursor', async () => {
      await t.database.db.delete(auditLog);
      for (const topN of [1, 2, 3]) {
        await change((s) => {
          s.matching.topN = topN;
        });
      }
      await t.database.db.insert(auditLog).values({ actorId: null, action: 'member.delete', target: 'gone' });
      const first = await auditPage('?limit=2');
      expect(first.entries.map((x) => x.action)).toEqual(['member.delete', 'settings.update']);
      expect(first.entries[0]!.actor).toBeNull();
      expect((first.entries[1]!.details.after as { topN: number }).topN).toBe(3);
      const second = await auditPage(`?limit=2&cursor=${first.nextCursor}`);
      expect(second.entries.map((x) => (x.details.after as { topN: number }).topN)).toEqual([2, 1]);
      expect(second.nextCursor).toBeNull();
      const filtered = await auditPage('?action=settings.update&limit=10');
      expect(filtered.entries).toHaveLength(3);
      expect(filtered.entries.every((x) => x.action === 'settings.update')).toBe(true);
      expect((await auditPage('?action=outbox.retry')).entries).toEqual([]);
      const unknown = await admin.client.get('/api/admin/audit?cursor=999999999');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.message).toBe(messages.unknownCursor);
      expect((await admin.client.get('/api/admin/audit?action=DROP%20TABLE')).statusCode).toBe(400);
      await change((s) => {
        s.matching.topN = matchingDefaults.topN;
      });
    });

    it('names a former admin by id alone once the account is gone', async () => {
      await t.database.db.delete(auditLog);
      await t.database.db
        .insert(auditLog)
        .values({ actorId: 'no-such-user', action: 'settings.update', target: 'supportEmail' });
      const [entry] = (await auditPage()).entries;
      expect(entry?.actor).toEqual({ id: 'no-such-user', name: null, email: null });
    });

    it('finds entries by what their target or details contain, case-insensitively and literally', async () => {
      await t.database.db.delete(auditLog);
      await t.database.db.insert(auditLog).values([
        {
          actorId: null,
          action: 'member.delete',
          target: 'user-1',
          details: { email: 'Gone.Member@Example.com' },
        },
        { actorId: null, action: 'settings.update', target: 'supportEmail', details: {} },
        { actorId: null, action: 'outbox.retry', target: '42', details: { note: '100%_sure' } },
      ]);
      const found = async (search: string) =>
        (await auditPage(`?search=${encodeURIComponent(search)}`)).entries.map((e) => e.action);
      expect(await found('gone.member@example')).toEqual(['member.delete']);
      expect(await found('USER-1')).toEqual(['member.delete']);
      expect(await found('supportemail')).toEqual(['settings.update']);
      // Pattern characters are taken literally.
      expect(await found('%_')).toEqual(['outbox.retry']);
      expect(await found('_')).toEqual(['outbox.retry']);
      expect(await found('nobody@nowhere')).toEqual([]);
      // With an action too, both apply; blank is no search.
      expect((await auditPage('?search=user-1&action=settings.update')).entries).toEqual([]);
      expect((await auditPage('?search=%20%20')).entries).toHaveLength(3);
      // NUL and overlong searches are refused, and change nothing.
      expect((await admin.client.get('/api/admin/audit?search=a%00b')).statusCode).toBe(400);
      expect((await admin.client.get(`/api/admin/audit?search=${'x'.repeat(101)}`)).statusCode).toBe(400);
    });
  });
});
