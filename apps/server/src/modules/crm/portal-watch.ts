import type { HubSpotSettings } from '../../config.ts';
import { checkPortal } from './hubspot-check.ts';

/** How often `/api/ready` may ask HubSpot again whether the portal changed (each ask is 4 calls). */
export const PORTAL_RECHECK_MS = 5 * 60_000;

export interface PortalWatch {
  /**
   * The start-up check (main.ts and the worker, before they serve): throws the problems found, one line each, as
   * the configuration does. A HubSpot that does not answer is reported to `onError`, not fatal (the mirror's
   * deliveries wait in the outbox).
   */
  start(): Promise<void>;
  /** The problems found by the last check that got an answer; none before `start()`. */
  problems(): readonly string[];
  /** Settles once a re-check started by `problems()` is done (tests; the ready route never waits). */
  idle(): Promise<void>;
}

interface WatchOptions {
  now?: () => number;
  everyMs?: number;
  /** Hears of a check that got no answer (HubSpot down, a 5xx, a 429): the last answer stays. */
  onError?: (error: unknown) => void;
}

/** HubSpot's status of a failed call, through the client (null: no answer). */
const statusOf = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : null;
};

/** A refused token is a problem of the portal's configuration; no answer at all is not. */
async function checkOnce(settings: HubSpotSettings): Promise<string[]> {
  try {
    return await checkPortal(settings);
  } catch (error) {
    const status = statusOf(error);
    if (status === 401 || status === 403) {
      return [`HUBSPOT_ACCESS_TOKEN: HubSpot refused the token (HTTP ${status})`];
    }
    throw error;
  }
}

/**
 * The start-up check, then a cached result that `problems()` renews at most every `everyMs`, in the background:
 * the ready route answers at once.
 */
export function watchPortal(settings: HubSpotSettings, options: WatchOptions = {}): PortalWatch {
  const now = options.now ?? Date.now;
  const everyMs = options.everyMs ?? PORTAL_RECHECK_MS;
  const onError = options.onError ?? (() => {});
  let problems: string[] = [];
  let checkedAt: number | null = null;
  let running: Promise<void> | null = null;
  const refresh = async () => {
    try {
      problems = await checkOnce(settings);
    } catch (error) {
      onError(error);
    } finally {
      checkedAt = now();
      running = null;
    }
  };
  return {
    async start() {
      await refresh();
      if (problems.length === 0) return;
      throw new Error(
        `Invalid configuration: the HubSpot portal is not set up as the CRM mirror needs it (npm run crm:setup):\n${problems.map((p) => `  ${p}`).join('\n')}`,
      );
    },
    problems() {
      if (checkedAt !== null && !running && now() - checkedAt >= everyMs) running = refresh();
      return problems;
    },
    idle: () => running ?? Promise.resolve(),
  };
}
