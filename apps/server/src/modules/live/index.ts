/**
 * Live updates: a change tells the members it concerns (`publishLive`, in its transaction, through the
 * database's LISTEN/NOTIFY), and admins' read views (`publishAdminLive`); the hub fans it out to their open
 * streams. Owns no table.
 */
export { createLiveHub, type LiveHub } from './live.hub.ts';
export { publishAdminLive, publishLive, publishSessionsEnded } from './live.ts';
