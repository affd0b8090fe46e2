import type { Database, Db } from '../../db/client.ts';
import type * as repo from './notifications.repository.ts';

export interface NotificationsServiceDeps {
  database: Database;
  appUrl: string;
  /** Called after a transaction that queued mail has committed (nudges the outbox worker). */
  afterCommit: () => void;
}

/** What every notifications use case works with: the database handle and the service's dependencies. */
export interface NotificationsContext {
  db: Db;
  appUrl: string;
  afterCommit: () => void;
}

/** Builds the context once per service. */
export function notificationsContext(deps: NotificationsServiceDeps): NotificationsContext {
  const { database, appUrl, afterCommit } = deps;
  return { db: database.db, appUrl, afterCommit };
}

/** The other member a notification is about, if any. */
export const counterpartIdOf = (row: repo.NotificationRow): string | null => row.counterpartId;
