import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(e2eDir, '..');
/** Written by the global setup, read by the tests and the teardown (ignored by git via test-results/). */
export const stateDir = path.join(e2eDir, 'test-results', '.state');
export const serverStateFile = path.join(stateDir, 'server.json');
export const adminStorageStateFile = path.join(stateDir, 'admin-storage-state.json');

export interface ServerState {
  baseURL: string;
  pid: number;
  dataDir: string;
}

export function readServerState(): ServerState {
  return JSON.parse(readFileSync(serverStateFile, 'utf8')) as ServerState;
}
