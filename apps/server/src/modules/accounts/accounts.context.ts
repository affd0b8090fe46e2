import type { OwnProfile } from '@intergen/contracts';
import type { Database, Db, Executor } from '../../db/client.ts';
import type { PublishEvent } from '../events/index.ts';
import type { RelationshipSource } from '../members/index.ts';
import type { ImageStore } from '../profiles/index.ts';

export interface AccountsServiceDeps {
  database: Database;
  publishEvent: PublishEvent;
  /** Where uploaded profile pictures live (the profiles module's store): a deleted member's are removed. */
  images: ImageStore;
  /** What ties two members together (suggestion, request, My Network), for what an export may show of others. */
  relationshipOf: RelationshipSource;
  /** The community-tab flag in effect (settings), which widens what a published member may read of others. */
  communityTab: (ex: Executor) => Promise<boolean>;
  /** The member's profile as its owner sees it (the profiles module's). */
  ownProfile: (userId: string) => Promise<OwnProfile>;
  /** The limiter subjects naming an account (auth's credential routes), whose counters go with it. */
  rateLimitSubjects: (email: string, userId: string) => string[];
  /** Called after a deletion committed (its CRM delivery is waiting in the outbox). */
  afterCommit: () => void;
  /** Where failures that must not fail the request (removing a picture file) are reported. */
  warn?: (obj: object, message: string) => void;
}

export interface AccountsContext {
  db: Db;
  deps: AccountsServiceDeps;
  warn: (obj: object, message: string) => void;
}

export function createAccountsContext(deps: AccountsServiceDeps): AccountsContext {
  return { db: deps.database.db, deps, warn: deps.warn ?? (() => {}) };
}
