import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod } from 'ical-generator';

/** One member of a meeting invite. */
export interface InviteMember {
  name: string;
  email: string;
}

export interface CalendarInvite {
  /** Stable per connection, so a second download updates the same event in a calendar. */
  uid: string;
  title: string;
  details: string;
  organizer: InviteMember;
  attendee: InviteMember;
  start: Date;
  end: Date;
  /** When the file was made (DTSTAMP). */
  stamp: Date;
}

/**
 * A parameter value (CN) may not hold a double quote at all in RFC 5545 (ical-generator would write `\"`,
 * which calendars reject), so a name's double quotes become single ones.
 */
const commonName = (name: string) => name.replace(/"/g, "'");

/**
 * An RFC 5545 calendar holding one meeting request (METHOD:REQUEST) from the organizer to the attendee, both
 * also listed as attendees so either calendar shows them. ical-generator escapes text values and folds lines.
 */
export function inviteCalendar(invite: CalendarInvite): string {
  const calendar = ical({
    prodId: { company: 'InterGen', product: 'Connections', language: 'EN' },
    method: ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: invite.uid,
    start: invite.start,
    end: invite.end,
    stamp: invite.stamp,
    summary: invite.title,
    description: invite.details,
    organizer: { name: commonName(invite.organizer.name), email: invite.organizer.email },
    attendees: [invite.organizer, invite.attendee].map((member) => ({
      name: commonName(member.name),
      email: member.email,
      role: ICalAttendeeRole.REQ,
      status: member === invite.organizer ? ICalAttendeeStatus.ACCEPTED : ICalAttendeeStatus.NEEDSACTION,
      rsvp: member !== invite.organizer,
    })),
  });
  return calendar.toString();
}
