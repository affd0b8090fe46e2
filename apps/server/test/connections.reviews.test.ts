import { connectionTexts } from '@intergen/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, connectionRequests, contactInfo, experts, settings } from '../src/db/schema.ts';
import {
  act,
  acted,
  bucketIds,
  bucketsOf,
  connectedPair,
  connectionEvents,
  member,
  pair,
  sent,
  suggest,
} from './connections.support.ts';
import { type Engine, engines } from './helpers.ts';
import { useTestApp } from './suite.ts';

describe.each(engines)('connections, reviews and invites on %s', (engine: Engine) => {
  const t = useTestApp(engine);

  const ratingOf = async (kind: 'expert' | 'company', id: string) => {
    const table = kind === 'expert' ? experts : companies;
    const [row] = await t.database.db
      .select({ average: table.averageRating, count: table.numberOfRatings })
      .from(table)
      .where(eq(table.id, id));
    return row!;
  };

  describe('buckets', () => {
    it('sort each side’s requests into received, sent, unrated and rated, newest first', async () => {
      const expert = await member(t, 'expert');
      const [c1, c2, c3, c4, c5] = await Promise.all(
        ['One', 'Two', 'Three', 'Four', 'Five'].map((n) => member(t, 'company', { name: `Company ${n}` })),
      );
      const ids: string[] = [];
      for (const c of [c1!, c2!, c3!, c4!, c5!]) ids.push(await suggest(t, expert, c));
      const [receivedOld, receivedNew, sentByExpert, connection, declined] = ids as [
        string,
        string,
        string,
        string,
        string,
      ];
      await sent(c1!, receivedOld);
      await sent(c2!, receivedNew);
      await sent(expert, sentByExpert);
      await sent(c4!, connection);
      await acted(expert, connection, 'accept');
      await sent(c5!, declined);
      await acted(expert, declined, 'deny');

      expect(await bucketIds(expert)).toEqual({
        received: [receivedNew, receivedOld],
        sent: [sentByExpert],
        unrated: [connection],
        rated: [],
      });
      expect(await bucketIds(c3!)).toEqual({ received: [sentByExpert], sent: [], unrated: [], rated: [] });
      expect(await bucketIds(c4!)).toEqual({ received: [], sent: [], unrated: [connection], rated: [] });
      // The decline stays invisible to its sender.
      expect(await bucketIds(c5!)).toEqual({ received: [], sent: [declined], unrated: [], rated: [] });

      // Reviewing moves a connection to rated for the reviewer only.
      await acted(expert, connection, 'survey', { rating: 4 });
      expect(await bucketIds(expert)).toMatchObject({ unrated: [], rated: [connection] });
      expect(await bucketIds(c4!)).toMatchObject({ unrated: [connection], rated: [] });
    });

    it('closing a connection without a review ends only the closer’s prompt: listed as done, unrated', async () => {
      const { expert, company, id } = await connectedPair(t);
      await acted(company, id, 'close');
      const closer = await bucketsOf(company);
      expect(closer.unrated).toEqual([]);
      expect(closer.rated.map((r) => r.id)).toEqual([id]);
      expect(closer.rated[0]).toMatchObject({
        closed: true,
        reviewClosed: true,
        expertRating: null,
        ventureRating: null,
      });
      // The other party is still asked: the connection is closed, but not their review.
      const other = await bucketsOf(expert);
      expect(other.rated).toEqual([]);
      expect(other.unrated.map((r) => r.id)).toEqual([id]);
      expect(other.unrated[0]).toMatchObject({ closed: true, reviewClosed: false });

      // They may review it, or close it in their turn; either ends their own prompt.
      expect((await act(expert, id, 'survey', { rating: 3 })).statusCode).toBe(200);
      expect(await bucketIds(expert)).toMatchObject({ unrated: [], rated: [id] });
      const second = await connectedPair(t);
      await acted(second.expert, second.id, 'close');
      expect(await bucketIds(second.company)).toMatchObject({ unrated: [second.id], rated: [] });
      await acted(second.company, second.id, 'close');
      expect(await bucketIds(second.company)).toMatchObject({ unrated: [], rated: [second.id] });
      // A review is still possible after closing.
      expect((await act(second.company, second.id, 'survey', { rating: 4 })).statusCode).toBe(200);
    });

    it('carry the hosted survey form of the caller’s role, or null', async () => {
      const { expert, company } = await connectedPair(t);
      expect((await bucketsOf(expert)).surveyFormUrl).toBeNull();
      await t.database.db.insert(settings).values({
        key: 'surveyForms',
        value: { expert: 'https://forms.example.com/expert', company: 'https://forms.example.com/venture' },
      });
      // Written by hand: the app hears of it from the table's trigger (its copy of the settings is dropped).
      await expect
        .poll(async () => (await bucketsOf(expert)).surveyFormUrl)
        .toBe('https://forms.example.com/expert');
      expect((await bucketsOf(company)).surveyFormUrl).toBe('https://forms.example.com/venture');
      await t.database.db
        .update(settings)
        .set({ value: { expert: 'not a url' } })
        .where(eq(settings.key, 'surveyForms'));
      await expect.poll(async () => (await bucketsOf(expert)).surveyFormUrl).toBeNull();
      expect((await bucketsOf(company)).surveyFormUrl).toBeNull();
      await t.database.db.delete(settings).where(eq(settings.key, 'surveyForms'));
    });
  });

  describe('survey', () => {
    it('records each side’s review once and rates the other side', async () => {
      const { expert, company, id } = await connectedPair(t);
      const byExpert = await acted(expert, id, 'survey', { rating: 5, comment: '  Great founders  ' });
      expect(byExpert.request).toMatchObject({
        expertCompletedSurvey: true,
        ventureRating: 5,
        expertRating: null,
      });
      expect(await ratingOf('company', company.id)).toEqual({ average: 5, count: 1 });
      expect(await ratingOf('expert', expert.id)).toEqual({ average: 0, count: 0 });

      const again = await act(expert, id, 'survey', { rating: 1 });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(connectionTexts.surveyAlreadySubmitted);
      expect(await ratingOf('company', company.id)).toEqual({ average: 5, count: 1 });

      const byCompany = await acted(company, id, 'survey', { rating: 2 });
      // Each side sees the rating it gave, not the one it got.
      expect(byCompany.request).toMatchObject({
        companyCompletedSurvey: true,
        expertRating: 2,
        ventureRating: null,
      });
      expect(await ratingOf('expert', expert.id)).toEqual({ average: 2, count: 1 });

      const [row] = await t.database.db
        .select()
        .from(connectionRequests)
        .where(eq(connectionRequests.id, id));
      expect(row).toMatchObject({ expertComment: 'Great founders', companyComment: null });
      const events = (await connectionEvents(t, id)).filter((e) => e.type === 'survey.submitted');
      expect(events.map((e) => e.payload)).toEqual([
        expect.objectContaining({ by: expert.id, rating: 5, ratedId: company.id, ratedKind: 'company' }),
        expect.objectContaining({ by: company.id, rating: 2, ratedId: expert.id, ratedKind: 'expert' }),
      ]);
    });

    it('keeps the true mean over several reviews: 5, 4 and 2 give 11/3 from 3', async () => {
      const expert = await member(t, 'expert');
      for (const [i, rating] of [5, 4, 2].entries()) {
        const company = await member(t, 'company', { name: `Rater ${i}` });
        const id = await suggest(t, expert, company);
        await sent(company, id);
        await acted(expert, id, 'accept');
        await acted(company, id, 'survey', { rating });
      }
      const { average, count } = await ratingOf('expert', expert.id);
      expect(count).toBe(3);
      expect(average).toBeCloseTo(11 / 3, 10);
    });

    it('checks the rating (a whole number from 1 to 5)', async () => {
      const { expert, id } = await connectedPair(t);
      for (const rating of [0, 6, 3.5]) {
        const response = await act(expert, id, 'survey', { rating });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe('VALIDATION_FAILED');
      }
    });
  });

  describe('meeting invite', () => {
    const invite = (m: { client: { get: (url: string) => Promise<unknown> } }, id: string) =>
      m.client.get(`/api/connections/${id}/invite.ics`) as Promise<{
        statusCode: number;
        body: string;
        headers: Record<string, string>;
        json: () => { error: { message: string } };
      }>;

    it('is an iCalendar file from the caller to the other party, with text escaped and lines folded', async () => {
      const expert = await member(t, 'expert');
      const company = await member(t, 'company', { name: 'Grace Hopper' });
      await t.database.db
        .update(experts)
        .set({ name: 'Ada "Countess" Lovelace' })
        .where(eq(experts.id, expert.id));
      await t.database.db
        .update(companies)
        .set({ companyName: 'Acme, Robotics; and Co' })
        .where(eq(companies.id, company.id));
      const id = await suggest(t, expert, company);
      await sent(expert, id);
      await acted(company, id, 'accept');

      const response = await invite(company, id);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/calendar/);
      expect(response.headers['content-disposition']).toBe('attachment; filename="intergen-meeting.ics"');
      const ics = response.body;
      expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      expect(ics).toContain('METHOD:REQUEST\r\n');
      expect(ics).toContain(`UID:${id}@intergen\r\n`);
      // Unfold (CRLF + space) before reading properties.
      const unfolded = ics.replace(/\r\n[ \t]/g, '');
      expect(unfolded).toContain(
        'SUMMARY:InterGen: Ada "Countess" Lovelace and Acme\\, Robotics\\; and Co\r\n',
      );
      expect(unfolded).toMatch(/ORGANIZER;CN="Acme, Robotics; and Co":mailto:/i);
      expect(unfolded.toLowerCase()).toContain(
        `organizer;cn="acme, robotics; and co":mailto:${company.email}`,
      );
      const attendees = unfolded.split('\r\n').filter((line) => line.startsWith('ATTENDEE'));
      expect(attendees).toHaveLength(2);
      expect(attendees.join('\n').toLowerCase()).toContain(`mailto:${expert.email}`);
      expect(attendees.join('\n').toLowerCase()).toContain(`mailto:${company.email}`);
      // A parameter value cannot hold a double quote: the name keeps single ones.
      expect(unfolded).toContain(`CN="Ada 'Countess' Lovelace"`);
      for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      // One hour, starting on a whole hour in UTC.
      const start = unfolded.match(/DTSTART:(\d{8}T\d{2})0000Z/);
      const end = unfolded.match(/DTEND:(\d{8}T\d{2})0000Z/);
      expect(start).not.toBeNull();
      expect(end).not.toBeNull();

      // The expert's file names the expert as organizer.
      const fromExpert = (await invite(expert, id)).body.replace(/\r\n[ \t]/g, '');
      expect(fromExpert.toLowerCase()).toContain(`:mailto:${expert.email}`);
      expect(fromExpert).toMatch(/ORGANIZER;CN="Ada 'Countess' Lovelace":mailto:/i);
    });

    it('answers Invalid Email when an e-mail address is missing', async () => {
      const { expert, company, id } = await connectedPair(t);
      await t.database.db.update(contactInfo).set({ email: '' }).where(eq(contactInfo.userId, expert.id));
      for (const m of [expert, company]) {
        const response = await invite(m, id);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.message).toBe('Invalid Email');
      }
    });

    it('needs an accepted request of the caller', async () => {
      const { company, expert, suggestionId } = await pair(t);
      await sent(company, suggestionId);
      const early = await invite(expert, suggestionId);
      expect(early.statusCode).toBe(409);
      expect(early.json().error.message).toBe(connectionTexts.notConnected);
      const stranger = await member(t, 'expert', { name: 'Stranger' });
      expect((await invite(stranger, suggestionId)).statusCode).toBe(404);
    });
  });
});
