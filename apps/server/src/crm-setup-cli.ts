import { loadDotEnv } from './config.ts';
import { portalClient, setUpPortal, setupReport } from './modules/crm/index.ts';

/**
 * `npm run crm:setup`: creates in the HubSpot portal of HUBSPOT_ACCESS_TOKEN every property, pipeline and stage
 * the CRM mirror writes (modules/crm/hubspot-portal.ts), reports what differs, and prints the pipeline and stage
 * ids to paste. The app's configuration is not loaded: its pipeline and stage ids are what this prints.
 * Exit 1: something differs or the token lacks a scope; 2: no token, or HubSpot could not be asked.
 */
async function main() {
  loadDotEnv();
  const accessToken = process.env.HUBSPOT_ACCESS_TOKEN?.trim();
  if (!accessToken) {
    process.stderr.write(
      'npm run crm:setup needs HUBSPOT_ACCESS_TOKEN: the access token of a HubSpot private app (README, "Connecting HubSpot").\n',
    );
    process.exit(2);
  }
  const baseUrl = (process.env.HUBSPOT_BASE_URL?.trim() || 'https://api.hubapi.com').replace(/\/+$/, '');
  const result = await setUpPortal(portalClient({ accessToken, baseUrl }), accessToken);
  process.stdout.write(setupReport(result));
  process.exit(result.problems.length > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  const e = error as { code?: unknown; body?: { message?: string } } & Error;
  const detail = typeof e.code === 'number' ? `HTTP ${e.code}: ${e.body?.message ?? ''}` : e.message;
  process.stderr.write(`\nnpm run crm:setup failed: ${detail}\n`);
  process.exit(2);
});
