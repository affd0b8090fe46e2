import * as z from 'zod/mini';

/**
 * Written with `zod/mini`, as the session's schemas (session.ts): the layout reads the stream on every page.
 *
 * `GET /api/events` (Server-Sent Events) sends `event: change` with this data; the client invalidates the
 * queries named by `topics`.
 */
export const memberLiveTopics = [
  'suggestions',
  'connections',
  'notifications',
  'profile',
  'network',
] as const;
/**
 * Topics only admins' streams hear: every suggestion, request or score changed (the admin's read views), or a
 * member signed up, verified their e-mail or changed state (the Members console).
 */
export const adminLiveTopics = ['adminSuggestions', 'adminRequests', 'adminScores', 'adminMembers'] as const;
export type AdminLiveTopic = (typeof adminLiveTopics)[number];
export const liveTopics = [...memberLiveTopics, ...adminLiveTopics] as const;
export type LiveTopic = (typeof liveTopics)[number];
export const LiveChangeSchema = z.object({ topics: z.array(z.enum(liveTopics)) });
export type LiveChange = z.infer<typeof LiveChangeSchema>;
