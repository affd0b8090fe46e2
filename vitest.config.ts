import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // The kernel's exhaustive comparison and the boundaries check (a child process loading the domain)
          // take seconds on a busy two-core machine.
          testTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          environment: 'node',
          // One migrated database per engine, copied by each test's (helpers.ts freshDatabase).
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Caps on a test, not waits: password hashing and app starts slow down many times on a loaded machine.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PGlite instances are memory-heavy and the machine has two cores.
          maxWorkers: 2,
          // `expect.poll` waits for a condition (another instance hearing of a change): a cap, not a wait.
          expect: { poll: { timeout: 15_000 } },
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Room for conditions waited on (asyncUtilTimeout 15 s) on a busy machine.
          testTimeout: 60_000,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
