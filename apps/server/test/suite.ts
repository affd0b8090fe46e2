import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type Engine, type TestApp } from './helpers.ts';

/**
 * Registers the hooks of a describe block whose tests share one app on a fresh `engine` database: made before
 * its tests (with `createTestApp`'s configuration overrides), closed after them. The object is filled in before
 * the first test runs.
 */
export function useTestApp(engine: Engine, overrides: Record<string, string> = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(engine, overrides));
  });
  afterAll(() => t.close());
  return t;
}
