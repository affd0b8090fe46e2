import { demoTexts } from '@intergen/domain';
import { openOwnedDatabase } from './bootstrap.ts';
import { loadConfig, loadDotEnv } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { buildDemoCommunity, demoRefusal } from './demo/community.ts';
import { setPasswordHashCost } from './lib/crypto.ts';

/** Exit codes: a refused database (it holds members, or is a demo already) is not a failure of the command. */
export const demoExitCodes = { members: 3, demo: 4 } as const;

/**
 * `npm run demo`: fills the configured database (the embedded one under DATA_DIR by default, the one `npm start`
 * uses) with the demo community, then prints one-time sign-in links. Refuses, changing nothing, a database that
 * holds members or is a demo already.
 */
async function main() {
  loadDotEnv();
  const config = loadConfig();
  const started = performance.now();
  const { database, release } = await openOwnedDatabase(config, { port: null, withControl: false });
  let code = 0;
  try {
    const refusal = await demoRefusal(database.db);
    if (refusal) {
      process.stderr.write(`\n${refusal.message}\n\n`);
      code = demoExitCodes[refusal.reason];
    } else {
      // The demo's members never sign in with a password (they have random ones): the cheap hash the tests use.
      setPasswordHashCost('fast');
      const { links } = await buildDemoCommunity({ config, database });
      const t = demoTexts.cli;
      process.stdout.write(
        [
          t.done((performance.now() - started) / 1000),
          '',
          t.linksTitle,
          t.expertLink(links.expert.name),
          `  ${links.expert.url}`,
          t.expertTry,
          t.companyLink(links.company.name),
          `  ${links.company.url}`,
          t.companyTry,
          t.adminLink(links.admin.email),
          `  ${links.admin.url}`,
          t.adminTry,
          '',
          t.another,
          '',
        ].join('\n'),
      );
    }
  } finally {
    await database.close();
    release();
  }
  process.exit(code);
}

main().catch((error) => {
  process.stderr.write(
    `\n${error instanceof DataDirLockedError ? error.message : `The demo failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`}\n`,
  );
  process.exit(1);
});
