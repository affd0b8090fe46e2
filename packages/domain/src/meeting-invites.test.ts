import { describe, expect, it } from 'vitest';
import { addRating, cancelLostReason, declineLostReason } from './connections.ts';
import { meetingLinks, meetingSlot, validInviteEmails } from './meeting-invites.ts';
import { connectionTexts, meetingTitle } from './texts/connections.ts';

const slot = {
  start: new Date(Date.UTC(2025, 0, 2, 15, 0, 0)),
  end: new Date(Date.UTC(2025, 0, 2, 16, 0, 0)),
};
const invite = {
  title: meetingTitle('Ada Lovelace', 'Acme, Robotics & Co'),
  details: 'Met on InterGen.\nSay hello!',
  emails: ['ada@example.com', 'ceo@acme.example.com'],
  ...slot,
};

describe('meeting slot', () => {
  it('proposes one hour from the next whole UTC hour', () => {
    const { start, end } = meetingSlot(new Date(Date.UTC(2025, 5, 30, 23, 17, 42, 500)));
    expect(start.toISOString()).toBe('2025-07-01T00:00:00.000Z');
    expect(end.toISOString()).toBe('2025-07-01T01:00:00.000Z');
  });

  it('moves to the following hour when called exactly on the hour', () => {
    const { start } = meetingSlot(new Date(Date.UTC(2025, 0, 1, 9, 0, 0, 0)));
    expect(start.toISOString()).toBe('2025-01-01T10:00:00.000Z');
  });
});

describe('meeting links', () => {
  it('prefills Google Calendar with the title, details, time and both e-mails', () => {
    const links = meetingLinks(invite);
    if ('error' in links) throw new Error(links.error);
    const url = new URL(links.google);
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('InterGen: Ada Lovelace and Acme, Robotics & Co');
    expect(url.searchParams.get('details')).toBe('Met on InterGen.\nSay hello!');
    expect(url.searchParams.get('dates')).toBe('20250102T150000Z/20250102T160000Z');
    expect(url.searchParams.get('add')).toBe('ada@example.com,ceo@acme.example.com');
  });

  it('prefills Outlook with the subject, body, time and both e-mails', () => {
    const links = meetingLinks(invite);
    if ('error' in links) throw new Error(links.error);
    const url = new URL(links.outlook);
    expect(url.origin + url.pathname).toBe('https://outlook.office.com/calendar/0/deeplink/compose');
    expect(url.searchParams.get('subject')).toBe(invite.title);
    expect(url.searchParams.get('body')).toBe(invite.details);
    expect(url.searchParams.get('startdt')).toBe('2025-01-02T15:00:00Z');
    expect(url.searchParams.get('enddt')).toBe('2025-01-02T16:00:00Z');
    expect(url.searchParams.get('to')).toBe('ada@example.com,ceo@acme.example.com');
  });

  it.each([
    ['a missing address', [null, 'ceo@acme.example.com']],
    ['an empty address', ['ada@example.com', '   ']],
    ['something that is not an address', ['ada@example.com', 'not-an-email']],
    ['no addresses at all', []],
  ])('answers Invalid Email for %s', (_label, emails) => {
    expect(meetingLinks({ ...invite, emails })).toEqual({ error: 'Invalid Email' });
    expect(connectionTexts.invalidEmail).toBe('Invalid Email');
    expect(validInviteEmails(emails)).toBeNull();
  });

  it('trims the addresses it accepts', () => {
    expect(validInviteEmails([' ada@example.com ', 'b@example.org'])).toEqual([
      'ada@example.com',
      'b@example.org',
    ]);
  });
});

describe('ratings', () => {
  it('keeps the true running mean over many reviews', () => {
    let rating = { average: 0, count: 0 };
    for (const r of [5, 4, 2]) rating = addRating(rating, r);
    expect(rating.count).toBe(3);
    expect(rating.average).toBeCloseTo(11 / 3, 12);
    rating = addRating(rating, 1);
    expect(rating).toEqual({ average: 3, count: 4 });
  });

  it('equals the spec’s literal formula while the count is at most one', () => {
    expect(addRating({ average: 0, count: 0 }, 4)).toEqual({ average: 4, count: 1 });
    // (old average + new rating) / (count + 1) with count 1:
    expect(addRating({ average: 4, count: 1 }, 2).average).toBe((4 + 2) / 2);
  });
});

describe('lost reasons', () => {
  it('names the side that cancelled or declined', () => {
    expect(cancelLostReason('expert')).toBe('expert_cancelled_request_to_venture');
    expect(cancelLostReason('venture')).toBe('venture_cancelled_request_to_expert');
    expect(declineLostReason('venture')).toBe('expert_declined_request_from_venture');
    expect(declineLostReason('expert')).toBe('venture_declined_request_from_expert');
  });
});
