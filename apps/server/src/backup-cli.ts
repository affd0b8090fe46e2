import path from 'node:path';
import { loadConfig, loadDotEnv } from './config.ts';
import { backupEmbedded, fileTimestamp, pgDumpCommand } from './operations/backup.ts';

const usage =
  'Usage: npm run backup [-- <file>]\n' +
  '  Writes a consistent snapshot of the embedded database, while the app runs or not, to <file>\n' +
  '  (default: backups/intergen-<UTC timestamp>.tar.gz beside DATA_DIR). Restore it with npm run restore.\n';

/** 4.4 MB (4565346 bytes). */
function describeSize(bytes: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]} (${bytes} bytes)`;
}

async function main() {
  const args = process.argv.slice(2);
  if (args.length > 1 || args.some((arg) => arg.startsWith('-'))) {
    process.stderr.write(usage);
    process.exit(2);
  }
  loadDotEnv();
  const config = loadConfig();
  if (config.databaseUrl) {
    process.stderr.write(
      'DATABASE_URL is set: the database is PostgreSQL, which is backed up with its own tool while the app runs.\n' +
        "Run (with a pg_dump of the server's major version or newer):\n\n" +
        `  ${pgDumpCommand(args[0] ?? `intergen-${fileTimestamp()}.dump`)}\n\n` +
        '"npm run restore -- <file>" prints the matching pg_restore command.\n',
    );
    process.exit(1);
  }
  // npm runs scripts in the project's folder: a relative path means one from where the command was typed.
  const file = args[0] && path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]);
  const result = await backupEmbedded(config, file);
  const source = result.server
    ? `taken by the running server (pid ${result.server.pid}, port ${result.server.port})`
    : 'taken from the data directory';
  process.stdout.write(`Backup written to ${result.file}\n${describeSize(result.bytes)}, ${source}\n`);
}

main().catch((error) => {
  process.stderr.write(`\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
