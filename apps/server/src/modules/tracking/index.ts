/** The tracking module: the one owner of `tracking_events` (what members do, counted for admins). */

export {
  type MemberTrackingRow,
  purgeMemberTracking,
  trackingCountsOfMemberPerWeek,
  trackingEventsOfMember,
} from './member-data.repository.ts';
export { createTrackingService, type TrackingService } from './tracking.service.ts';
