/**
 * The auth module: the one owner of `sessions`, `auth_tokens` and `email_verification_codes`. Sign-up, login,
 * sessions, password reset, one-time links and e-mail verification; accounts themselves are the members
 * module's.
 */
export type { ClientInfo, EmailVerifiedHook, IssuedSession } from './auth.context.ts';
export { deleteUserSessions, deleteUserTokens, lastSignInAt } from './auth.repository.ts';
export { type AuthService, createAuthService } from './auth.service.ts';
export { purgeMemberAuth } from './purge.ts';
export { accountRateLimitSubjects, limiters } from './rate-limits.ts';
export { createSessionCache, type SessionCache, sessionsChangedChannel } from './sessions.cache.ts';
