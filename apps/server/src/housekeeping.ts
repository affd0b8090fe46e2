import { safeErrorMessage } from './lib/logging.ts';

/** One cleanup the worker runs now and then: what it deleted is logged. */
export interface HousekeepingTask {
  name: string;
  run(): Promise<unknown>;
}

export interface HousekeepingOptions {
  tasks: HousekeepingTask[];
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
  /** How often the tasks run once started (hourly by default). */
  intervalMs?: number;
}

/**
 * Periodic cleanups of rows that only age (expired sessions and tokens, old rate-limit windows), started with
 * the outbox worker. Every task is an idempotent DELETE, so any number of instances may run them.
 */
export function createHousekeeping({ tasks, log, intervalMs = 60 * 60 * 1000 }: HousekeepingOptions) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  async function runAll(): Promise<void> {
    for (const task of tasks) {
      try {
        const result = await task.run();
        log.info({ task: task.name, result }, 'housekeeping done');
      } catch (error) {
        log.warn({ task: task.name, err: safeErrorMessage(error) }, 'housekeeping failed');
      }
    }
  }

  /** Runs every task once (a run already under way is joined, not doubled). */
  function runOnce(): Promise<void> {
    running ??= runAll().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    runOnce,
    start() {
      if (timer) return;
      const tick = () => {
        void runOnce();
        timer = setTimeout(tick, intervalMs);
        timer.unref();
      };
      // The first run waits a minute, so it does not compete with start-up.
      timer = setTimeout(tick, Math.min(60_000, intervalMs));
      timer.unref();
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

export type Housekeeping = ReturnType<typeof createHousekeeping>;
