import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createHousekeeping } from '../housekeeping.ts';
import type { createMetrics } from '../http/metrics.ts';
import { pruneRateLimits } from '../http/rate-limit-store.ts';
import { safeErrorMessage } from '../lib/logging.ts';
import { createAccountsService } from '../modules/accounts/index.ts';
import { accountRateLimitSubjects, createAuthService, createSessionCache } from '../modules/auth/index.ts';
import { createConnectionsService, relationshipBetween } from '../modules/connections/index.ts';
import {
  createCrmService,
  crmBatchHandlers,
  crmJobHandlers,
  hubspotGateway,
  watchPortal,
} from '../modules/crm/index.ts';
import { createEventPublisher } from '../modules/events/index.ts';
import { createLiveHub } from '../modules/live/index.ts';
import { mailboxTransport, mailJobHandler, mailTopic, smtpTransport } from '../modules/mail/index.ts';
import { createMatchingService, matchingJobHandlers } from '../modules/matching/index.ts';
import { anyRelationship } from '../modules/members/index.ts';
import { createNetworkService, networkRelationship } from '../modules/network/index.ts';
import {
  createNotificationsService,
  notificationJobHandlers,
  notifyProfileApproved,
} from '../modules/notifications/index.ts';
import { createImageStore, createProfilesService, type ImageStore } from '../modules/profiles/index.ts';
import { createSettingsService, type SettingsService } from '../modules/settings/index.ts';
import { createTrackingService } from '../modules/tracking/index.ts';
import { createOutboxWorker } from '../outbox/outbox.ts';
import type { AppDeps } from './deps.ts';
import { eventSubscriptions } from './subscriptions.ts';

type Metrics = ReturnType<typeof createMetrics>;

/** What the services are made with besides the app's dependencies. */
interface Wiring {
  log: FastifyBaseLogger;
  metrics: Metrics;
  publishEvent: ReturnType<typeof createEventPublisher>;
  settings: SettingsService;
  /** Wakes this instance's outbox worker once a transaction that wrote outbox rows has committed. */
  afterCommit: () => void;
}

/** Every service of the app, the outbox worker that runs their jobs, and what runs beside them. */
export async function createServices(deps: AppDeps, log: FastifyBaseLogger, metrics: Metrics) {
  const { config, database, now } = deps;
  // The worker runs the jobs of services made before it; they wake it through this.
  let worker: ReturnType<typeof createOutboxWorker> | undefined;
  const afterCommit = () => worker?.nudge();
  // The run-time settings, kept by each instance until the table changes (a trigger tells every instance). The
  // kept lists that read them go with this instance's copy: the lists' own signal, on another channel, may come
  // first, and a list made again in between would keep the settings of before.
  let keptLists: { clear(table: string): void } | undefined;
  const settings = createSettingsService({
    database,
    appEnv: config.appEnv,
    defaults: { communityTab: config.communityTab, supportEmail: config.supportEmail },
    onChanged: () => keptLists?.clear('settings'),
  });
  const wiring: Wiring = {
    log,
    metrics,
    publishEvent: createEventPublisher(eventSubscriptions, now),
    settings,
    afterCommit,
  };
  const relations = relationServices(deps, wiring);
  const delivery = deliveryServices(deps, wiring);
  const transport =
    deps.mailTransport ??
    (config.smtpUrl
      ? smtpTransport(config.smtpUrl, config.mailFrom)
      : mailboxTransport(database, deps.printMail ?? ((text) => process.stdout.write(text))));
  worker = createOutboxWorker({
    database,
    handlers: {
      [mailTopic.name]: mailJobHandler(transport, metrics.mailOutcome),
      ...matchingJobHandlers(relations.matching),
      ...notificationJobHandlers(delivery.notifications),
      ...crmJobHandlers(delivery.crm, metrics.crmDelivery),
    },
    batchHandlers: crmBatchHandlers(delivery.crm, metrics.crmDelivery),
    log,
  });
  // Pictures live in the database; earlier versions kept them under DATA_DIR/uploads, moved in once here.
  const images = createImageStore(database, path.join(config.dataDir, 'uploads'));
  const importedPictures = await images.importFiles();
  if (importedPictures > 0) log.info(`${importedPictures} profile pictures moved into the database`);
  const members = memberServices(deps, wiring, images, relations.connections.releasePendingRequests);
  keptLists = members.sessionCache?.lists;
  const liveHub = createLiveHub({
    database,
    log,
    // The live listener and the session cache's hear on connections of their own: a member told of a change
    // must not refetch a list this instance kept from before it.
    beforeDeliver: (userIds) => members.sessionCache?.lists.drop(userIds),
  });
  const housekeeping = createHousekeeping({
    tasks: [
      { name: 'expired sessions and tokens', run: () => members.auth.pruneExpired() },
      { name: 'ended rate-limit windows', run: () => pruneRateLimits(database) },
    ],
    log,
  });
  return {
    services: {
      ...relations,
      ...delivery,
      settings,
      tracking: createTrackingService({ database, now }),
      auth: members.auth,
      profiles: members.profiles,
      accounts: members.accounts,
    },
    images,
    transport,
    worker,
    liveHub,
    housekeeping,
    sessionCache: members.sessionCache,
    hubspotPortal: hubspotPortalOf(deps, log),
  };
}

/**
 * With HubSpot, a portal without the mirror's properties, pipelines or stages refuses every write: main.ts and
 * the worker check it before they serve (`start()`), and `/api/ready` reports a portal changed since.
 */
function hubspotPortalOf({ config, portalClock }: AppDeps, log: FastifyBaseLogger) {
  if (!config.hubspot) return null;
  return watchPortal(config.hubspot, {
    now: portalClock,
    onError: (error) => log.warn({ err: safeErrorMessage(error) }, 'HubSpot portal check: no answer'),
  });
}

export type Services = Awaited<ReturnType<typeof createServices>>['services'];

/** The services of the ties between members: suggestions and matching, connection requests, My Network. */
function relationServices({ database, now }: AppDeps, { publishEvent, settings, afterCommit }: Wiring) {
  return {
    matching: createMatchingService({
      database,
      publishEvent,
      communityTab: settings.communityTab,
      afterCommit,
      now,
    }),
    connections: createConnectionsService({
      database,
      publishEvent,
      surveyFormUrl: settings.surveyFormUrl,
      afterCommit,
      now,
    }),
    network: createNetworkService({ database, publishEvent, afterCommit, now }),
  };
}

/** The services that deliver outside the request: the CRM mirror and the notifications (in-app and e-mail). */
function deliveryServices({ config, database, now }: AppDeps, { metrics, afterCommit, settings }: Wiring) {
  return {
    crm: createCrmService({
      database,
      appUrl: config.appUrl,
      stalledDealDays: () => settings.stalledDealDays(),
      ...(now ? { now } : {}),
      ...(config.hubspot
        ? { gateway: hubspotGateway(config.hubspot, { onRateLimited: metrics.crmRateLimited }) }
        : {}),
      afterCommit,
    }),
    notifications: createNotificationsService({ database, appUrl: config.appUrl, afterCommit }),
  };
}

/** The services of a member's own account: the profile, sign-in and sessions, deletion and the data export. */
function memberServices(
  { config, database, now, random }: AppDeps,
  { log, publishEvent, settings, afterCommit }: Wiring,
  images: ImageStore,
  releasePendingRequests: ReturnType<typeof createConnectionsService>['releasePendingRequests'],
) {
  // A suggestion or connection request, or a My Network request, ties two members (DESIGN.md §2).
  const relationshipOf = anyRelationship(relationshipBetween, networkRelationship);
  const warn = (obj: object, message: string) => log.warn(obj, message);
  const profiles = createProfilesService({
    database,
    appUrl: config.appUrl,
    settings,
    publishEvent,
    relationshipOf,
    images,
    afterCommit,
    // In the approval's transaction: the expert's `profile_approved` notification carries the one approval
    // e-mail, and the connections module releases the expert's held requests.
    onExpertApproved: [notifyProfileApproved, releasePendingRequests],
    warn,
    random,
    now,
  });
  // Looked-up sessions kept per instance, dropped when a trigger announces a change (migration 0019).
  const sessionCache = config.sessionCache ? createSessionCache(database) : null;
  const auth = createAuthService({
    database,
    sessionCache,
    appUrl: config.appUrl,
    afterCommit,
    // Verifying the e-mail publishes or submits a complete profile that was waiting for it (spec 000 §2).
    onEmailVerified: [profiles.submitAfterVerification],
    now,
  });
  // Deleting an account (admin or member) and the member's own data export (DESIGN.md §4).
  const accounts = createAccountsService({
    database,
    publishEvent,
    images,
    relationshipOf,
    communityTab: settings.communityTab,
    ownProfile: (userId) => profiles.getOwn(userId),
    rateLimitSubjects: accountRateLimitSubjects,
    afterCommit,
    warn,
  });
  return { profiles, auth, accounts, sessionCache };
}
