import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { demoTexts } from '@intergen/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from './factories.ts';
import { createTestApp, type Engine, engines, type TestApp } from './helpers.ts';

/** A built web app of two pages: index.html and a prerendered login sent to visitors without a session. */
function webFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'intergen-web-'));
  mkdirSync(path.join(dir, 'prerendered'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(dir, 'prerendered/login.html'),
    '<!doctype html><html><body><div id="root"><h1>Log in</h1></div></body></html>',
  );
  writeFileSync(
    path.join(dir, 'prerendered/pages.json'),
    JSON.stringify({ '/': { file: 'prerendered/login.html', signedOut: true } }),
  );
  return dir;
}

describe.each(engines)('the demo strip on %s', (engine: Engine) => {
  const dir = webFolder();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { webDir: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const page = (url: string) => t.app.inject({ method: 'GET', url });
  const strip = `<aside aria-label="${demoTexts.bannerLabel}"`;

  it('is written into every page of a demo database, the prerendered login and the app alike, and only there', async () => {
    for (const url of ['/', '/dashboard']) {
      const before = await page(url);
      expect(before.statusCode).toBe(200);
      expect(before.body).not.toContain(strip);
    }
    const admin = await signInAdmin(t);
    await t.app.services.settings.markDemo(admin.id, { createdAt: new Date().toISOString(), seed: 1 });
    for (const url of ['/', '/dashboard', '/expert-community']) {
      const shown = await page(url);
      expect(shown.statusCode, url).toBe(200);
      expect(shown.headers['content-type']).toMatch(/^text\/html/);
      expect(shown.headers['cache-control']).toBe('no-cache');
      // Outside the app's root, before the end of the body, with its words.
      expect(shown.body.indexOf(strip), url).toBeGreaterThan(shown.body.indexOf('</div>'));
      expect(shown.body.indexOf(strip)).toBeLessThan(shown.body.indexOf('</body>'));
      expect(shown.body).toContain(demoTexts.banner);
    }
    expect((await page('/')).body).toContain('<h1>Log in</h1>');
  });
});
