import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './support/browser';
import {
  adminStorageStateFile,
  repoRoot,
  type ServerState,
  serverStateFile,
  stateDir,
} from './support/state';

const adminLinkPattern = /One-time sign-in link for admin@localhost: (\S+)/;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves with the admin's one-time link once the server prints it on its fresh database. */
export function waitForAdminLink(child: ChildProcess, log: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(
      () => reject(new Error(`The server printed no admin link within 180 s:\n${log.join('')}`)),
      180_000,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      log.push(text);
      buffer += text;
      const match = adminLinkPattern.exec(buffer);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (code ${code}) before it was ready:\n${log.join('')}`));
    });
  });
}

export async function waitForHealth(baseURL: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${baseURL}/api/health did not answer within 60 s`);
}

/**
 * Starts the production build (`node scripts/start.mjs`) on a free port with a fresh data directory,
 * signs the first admin in with the link the server prints, and keeps that admin's session for the
 * tests (the link is single use).
 */
export default async function globalSetup() {
  mkdirSync(stateDir, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'intergen-e2e-'));
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;

  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: baseURL,
      RATE_LIMIT_MULTIPLIER: '20',
      // As in production: the communities and My Network are on.
      COMMUNITY_TAB: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const state: ServerState = { baseURL, pid: child.pid ?? -1, dataDir };
  writeFileSync(serverStateFile, JSON.stringify(state));

  const adminLink = await waitForAdminLink(child, log);
  await waitForHealth(baseURL);
  // Keep draining the server's output so that it never blocks on a full pipe.
  child.stdout?.removeAllListeners('data');
  child.stderr?.removeAllListeners('data');
  child.stdout?.resume();
  child.stderr?.resume();
  child.unref();

  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto(adminLink);
    await page.waitForURL('**/admin/mailbox', { timeout: 60_000 }).catch(async (error: Error) => {
      const body = await page
        .locator('body')
        .textContent()
        .catch(() => '');
      throw new Error(`The admin link did not sign in (at ${page.url()}):\n${body}\n${log.join('')}`, {
        cause: error,
      });
    });
    await context.storageState({ path: adminStorageStateFile });
  } finally {
    await browser.close();
  }
  process.env.E2E_BASE_URL = baseURL;
}
