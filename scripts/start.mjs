// `npm start`: builds the web app when it is not built yet (unless `--no-build`: the API alone, pages only once
// built), then runs the server in this process. `--demo` first fills an empty database with the demo community
// (`npm run demo`); a database that is a demo already just starts, one with real members stops it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = !process.argv.includes('--no-build');
if (build && !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  process.stdout.write('Building the web app (first start)…\n');
  const built = spawnSync('npm', ['run', 'build', '-w', '@intergen/web'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
if (process.argv.includes('--demo')) {
  const cli = path.join(root, 'apps/server/src/demo-cli.ts');
  const demo = spawnSync(process.execPath, ['--import', 'tsx', cli], { stdio: 'inherit' });
  // 4: a demo already (apps/server/src/demo-cli.ts), started as it is.
  if (demo.status !== 0 && demo.status !== 4) process.exit(demo.status ?? 1);
}
const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
