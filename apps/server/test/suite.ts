import { afterAll, beforeAll } from 'vitest';
import { signInAdmin } from './factories.ts';
import { createTestApp, type Engine, type TestApp } from './helpers.ts';

/**
 * Registers the hooks of a describe block whose tests share one app on a fresh `engine` database: made before
 * its tests (with `createTestApp`'s configuration overrides and wiring), closed after them. The object is filled
 * in before the first test runs.
 */
export function useTestApp(
  engine: Engine,
  overrides: Record<string, string> = {},
  deps: Parameters<typeof createTestApp>[2] = {},
): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(engine, overrides, deps));
  });
  afterAll(() => t.close());
  return t;
}

/**
 * An admin signed in on `t` before the block's tests (after the app its `useTestApp` made, hooks running in
 * the order they are registered), for blocks whose tests act as the admin.
 */
export function useAdmin(t: TestApp): Awaited<ReturnType<typeof signInAdmin>> {
  const admin = {} as Awaited<ReturnType<typeof signInAdmin>>;
  beforeAll(async () => {
    Object.assign(admin, await signInAdmin(t));
  });
  return admin;
}

/**
 * An app whose database goes away under it before the block's tests (closed while the app runs), to test what
 * it answers then; only the app is closed after them.
 */
export function useAppWithoutDatabase(engine: Engine): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(engine));
    await t.database.close();
  });
  afterAll(() => t.app.close());
  return t;
}
