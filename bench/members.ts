// Calls to a running app as a member's browser makes them, shared by the benchmarks that sign members up through
// the API (api.bench.ts, dashboard.bench.ts).
import type { Database } from '../apps/server/src/db/client.ts';
import { codeIn } from '../apps/server/test/helpers.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A JSON call to the app at `base` with the member's session cookie (kept when the answer sets a new one), from
 * `origin` (the app's APP_URL: its same-origin check). A non-2xx answer throws with its status and body.
 */
export async function api(
  base: string,
  member: { cookie: string },
  method: string,
  url: string,
  body?: unknown,
  origin = base,
) {
  const headers: Record<string, string> = { origin };
  if (member.cookie) headers.cookie = member.cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${url}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('intergen_session='));
  if (cookie) member.cookie = cookie.split(';')[0]!;
  return text ? JSON.parse(text) : {};
}

/** The code of the newest verification e-mail to `email` in the built-in mailbox, waited for (up to a minute). */
export async function verificationCode(database: Database, email: string): Promise<string> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const [mail] = await database.query<{ text: string }>(
      `SELECT text FROM mailbox WHERE "to" = $1 AND subject LIKE 'Verify%' ORDER BY created_at DESC LIMIT 1`,
      [email],
    );
    if (mail) return codeIn(mail.text);
    await sleep(100);
  }
  throw new Error(`no verification e-mail to ${email}`);
}
