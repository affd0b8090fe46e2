import { isValidEmail } from './accounts.ts';
import { connectionTexts } from './texts/connections.ts';

/**
 * Meeting invites between two connected members (spec 001 §7, DESIGN.md §4): Google Calendar and Outlook
 * compose links prefilled with both e-mail addresses. The server makes the `.ics` file from the same invite.
 * The invite's title and description are in texts/connections.ts (`meetingTitle`, `meetingDetails`).
 */

export interface MeetingInvite {
  title: string;
  details: string;
  /** Both members' e-mail addresses, the one who sends the invite first. */
  emails: readonly (string | null | undefined)[];
  start: Date;
  end: Date;
}

/** How long the placeholder meeting lasts: the members move it to a time that suits them. */
export const meetingDurationMs = 60 * 60 * 1000;

/**
 * No meeting time is known, so an invite proposes one hour starting at the next whole hour (UTC) after `now`;
 * both members can move it in their calendar.
 */
export function meetingSlot(now: Date = new Date()): { start: Date; end: Date } {
  const start = new Date(now.getTime());
  start.setUTCMinutes(0, 0, 0);
  start.setUTCHours(start.getUTCHours() + 1);
  return { start, end: new Date(start.getTime() + meetingDurationMs) };
}

/** The trimmed addresses when every one is present and well-formed, else null (the spec's `Invalid Email`). */
export function validInviteEmails(emails: readonly (string | null | undefined)[]): string[] | null {
  const trimmed = emails.map((e) => (typeof e === 'string' ? e.trim() : ''));
  if (trimmed.length === 0 || trimmed.some((e) => e === '' || !isValidEmail(e))) return null;
  return trimmed;
}

/** `20250102T150000Z`: the basic UTC form of RFC 5545 that Google Calendar reads. */
function basicUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** `2025-01-02T15:00:00Z`: the ISO form Outlook's compose page reads. */
function isoUtc(date: Date): string {
  return date.toISOString().replace(/\.\d{3}/, '');
}

function googleLink(invite: MeetingInvite, emails: string[]): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: invite.title,
    details: invite.details,
    dates: `${basicUtc(invite.start)}/${basicUtc(invite.end)}`,
    add: emails.join(','),
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

function outlookLink(invite: MeetingInvite, emails: string[]): string {
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: invite.title,
    body: invite.details,
    startdt: isoUtc(invite.start),
    enddt: isoUtc(invite.end),
    to: emails.join(','),
  });
  return `https://outlook.office.com/calendar/0/deeplink/compose?${params.toString()}`;
}

/**
 * The two calendar providers' compose links for an invite, or the spec's `Invalid Email` when an address is
 * missing (or not an e-mail address).
 */
export function meetingLinks(
  invite: MeetingInvite,
): { google: string; outlook: string } | { error: typeof connectionTexts.invalidEmail } {
  const emails = validInviteEmails(invite.emails);
  if (!emails) return { error: connectionTexts.invalidEmail };
  return { google: googleLink(invite, emails), outlook: outlookLink(invite, emails) };
}
