import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { MailTransport } from '../modules/mail/index.ts';

/** What the app is built from: the configuration and the database, and what a test or a command replaces. */
export interface AppDeps {
  config: Config;
  database: Database;
  /** Where the embedded mailbox prints messages (standard output by default). */
  printMail?: (text: string) => void;
  /** Replaces the configured mail transport (tests use an SMTP stub through SMTP_URL instead when they can). */
  mailTransport?: MailTransport;
  /** Secret that lets `npm run admin` ask this running server for an admin link. */
  controlToken?: string | null;
  logger?: FastifyServerOptions['logger'];
  /** How often open live streams are pinged and their session re-checked (25 s; tests shorten it). */
  livePingMs?: number;
  /**
   * The clock of what the analytics count by date (sign-ups, domain events, tracking events, connection and My
   * Network steps), and the randomness of default avatars: `npm run demo` replays weeks of history with them.
   */
  now?: () => Date;
  random?: () => number;
  /** The clock of the HubSpot portal's re-checks for `/api/ready` (ms; tests move it). */
  portalClock?: () => number;
  /** The built web app the server sends (apps/web/dist; tests give a folder of their own). */
  webDir?: string;
}
