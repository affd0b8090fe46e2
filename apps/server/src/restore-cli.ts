import path from 'node:path';
import { loadConfig, loadDotEnv } from './config.ts';
import { pgRestoreCommand, restoreEmbedded } from './operations/backup.ts';

const usage =
  'Usage: npm run restore -- <file> [--force]\n' +
  '  Restores a backup made by npm run backup into the embedded database (DATA_DIR/db) and brings it up to\n' +
  '  date. Stop the app first. --force moves a database already there aside instead of refusing.\n';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

async function main() {
  const args = process.argv.slice(2);
  // `npm run restore <file> --force` (without `--`) hands --force to npm, which passes it on in the environment.
  const force = args.includes('--force') || process.env.npm_config_force === 'true';
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    process.stderr.write(usage);
    process.exit(2);
  }
  const file = files[0]!;
  loadDotEnv();
  const config = loadConfig();
  if (config.databaseUrl) {
    process.stderr.write(
      'DATABASE_URL is set: the database is PostgreSQL, which is restored from a pg_dump file with pg_restore.\n' +
        'Stop the app, then run (it replaces what the database holds):\n\n' +
        `  ${pgRestoreCommand(file)}\n\n` +
        'Start the app afterwards: it applies the migrations an older dump lacks.\n',
    );
    process.exit(1);
  }
  // npm runs scripts in the project's folder: a relative path means one from where the command was typed.
  const result = await restoreEmbedded(config, path.resolve(process.env.INIT_CWD ?? process.cwd(), file), {
    force,
  });
  process.stdout.write(
    `Restored ${result.file}\ninto ${result.into}: ${plural(result.users, 'account')} (${plural(result.admins, 'admin')}), ` +
      (result.migrationsApplied
        ? `${plural(result.migrationsApplied, 'migration')} applied to bring it up to date.\n`
        : 'already up to date.\n') +
      (result.previous ? `The database that was there is kept in ${result.previous}\n` : ''),
  );
}

main().catch((error) => {
  process.stderr.write(`\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
