import { rmSync } from 'node:fs';
import { readServerState } from './support/state';

/** Stops the server the global setup started (by its pid) and removes its data directory. */
export default async function globalTeardown() {
  let state: ReturnType<typeof readServerState>;
  try {
    state = readServerState();
  } catch {
    return;
  }
  if (state.pid > 0) {
    try {
      process.kill(state.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && isAlive(state.pid)) await new Promise((r) => setTimeout(r, 100));
    if (isAlive(state.pid)) process.kill(state.pid, 'SIGKILL');
  }
  rmSync(state.dataDir, { recursive: true, force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
