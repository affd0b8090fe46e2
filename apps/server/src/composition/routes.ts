import { PublicConfigSchema } from '@intergen/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { healthRoutes } from '../http/health.ts';
import type { SessionCookies } from '../http/session.ts';
import { accountRoutes, adminAccountsRoutes } from '../modules/accounts/routes.ts';
import {
  adminAnalyticsRoutes,
  adminMatchingRoutes,
  adminMembersRoutes,
  adminOutboxRoutes,
  adminProfilesRoutes,
  adminRecordsRoutes,
  adminRoutes,
} from '../modules/admin/routes.ts';
import { auditRoutes } from '../modules/audit/routes.ts';
import { authRoutes } from '../modules/auth/routes.ts';
import { connectionsRoutes } from '../modules/connections/routes.ts';
import type { PortalWatch } from '../modules/crm/index.ts';
import { crmRoutes } from '../modules/crm/routes.ts';
import type { LiveHub } from '../modules/live/index.ts';
import { liveRoutes } from '../modules/live/routes.ts';
import { matchingRoutes } from '../modules/matching/routes.ts';
import { userLabels } from '../modules/members/index.ts';
import { networkRoutes } from '../modules/network/routes.ts';
import { notificationsRoutes } from '../modules/notifications/routes.ts';
import type { ImageStore } from '../modules/profiles/index.ts';
import { profilesRoutes, uploadsRoutes } from '../modules/profiles/routes.ts';
import { settingsRoutes } from '../modules/settings/routes.ts';
import { trackingRoutes } from '../modules/tracking/routes.ts';
import type { createOutboxWorker } from '../outbox/outbox.ts';
import type { Services } from './services.ts';

interface RouteDeps {
  config: Config;
  database: Database;
  services: Services;
  cookies: SessionCookies;
  images: ImageStore;
  worker: ReturnType<typeof createOutboxWorker>;
  liveHub: LiveHub;
  livePingMs: number | undefined;
  hubspotPortal: PortalWatch | null;
}

/** The route table: every module's routes under their prefix. */
export async function registerRoutes(fastify: FastifyInstance, deps: RouteDeps) {
  const { config, database, services: s, cookies, images, worker } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const rateLimitMultiplier = config.rateLimitMultiplier;
  const admin = { prefix: '/api/admin' };
  const api = { prefix: '/api' };
  await app.register(healthRoutes({ database, portalProblems: deps.hubspotPortal?.problems }), api);
  app.get(
    '/api/config',
    // The same for everyone: no session lookup (the dashboard asks it with every other call).
    {
      config: { withoutSession: true },
      schema: { tags: ['system'], response: { 200: PublicConfigSchema } },
    },
    async () => ({ appEnv: config.appEnv, ...(await s.settings.publicSettings()) }),
  );
  await app.register(authRoutes({ auth: s.auth, cookies, rateLimitMultiplier }), { prefix: '/api/auth' });
  await app.register(adminRoutes({ database }), admin);
  await app.register(settingsRoutes({ settings: s.settings }), admin);
  await app.register(auditRoutes({ database, actorsOf: (ids) => userLabels(database.db, ids) }), admin);
  await app.register(profilesRoutes({ profiles: s.profiles, cookies }), { prefix: '/api/profiles' });
  await app.register(adminProfilesRoutes({ profiles: s.profiles }), admin);
  await app.register(adminAccountsRoutes({ accounts: s.accounts }), admin);
  await app.register(accountRoutes({ accounts: s.accounts, cookies, rateLimitMultiplier }), {
    prefix: '/api/account',
  });
  await app.register(adminMembersRoutes({ profiles: s.profiles, database }), admin);
  await app.register(adminMatchingRoutes({ matching: s.matching }), admin);
  await app.register(adminAnalyticsRoutes({ database, tracking: s.tracking }), admin);
  await app.register(adminRecordsRoutes({ database }), admin);
  await app.register(
    adminOutboxRoutes({ database, topics: worker.topics, afterCommit: () => worker.nudge() }),
    admin,
  );
  await app.register(matchingRoutes({ matching: s.matching }), api);
  await app.register(connectionsRoutes({ connections: s.connections }), api);
  await app.register(networkRoutes({ network: s.network }), { prefix: '/api/network' });
  await app.register(uploadsRoutes(images), { prefix: '/uploads' });
  await app.register(
    crmRoutes({
      crm: s.crm,
      serviceToken: config.crmServiceToken,
      loginOneTime: (input) => s.auth.requestDealOneTimeLink(input),
      sendVerificationCode: (userId) => s.auth.sendVerificationCode(userId),
      verifyEmail: (userId, code) => s.auth.verifyEmail(userId, code),
      rateLimitMultiplier,
    }),
  );
  await app.register(notificationsRoutes({ notifications: s.notifications }), {
    prefix: '/api/notifications',
  });
  await app.register(trackingRoutes({ tracking: s.tracking, rateLimitMultiplier }), api);
  await app.register(
    liveRoutes({
      hub: deps.liveHub,
      sessionIsValid: async (token) => (await s.auth.resolveSession(token)) !== null,
      pingMs: deps.livePingMs,
    }),
    api,
  );
}
