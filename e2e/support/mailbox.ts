import type { APIRequestContext } from '@playwright/test';

interface MailSummary {
  id: string;
  to: string;
  subject: string;
  createdAt: number;
}

/**
 * Waits for the newest e-mail to `to` whose subject matches, as the admin reads it in the mailbox, and
 * returns its text. Mail leaves through the outbox worker, so it may take a moment to arrive.
 */
export async function waitForMail(
  admin: APIRequestContext,
  to: string,
  subject: RegExp,
  { after = 0, timeoutMs = 20_000 }: { after?: number; timeoutMs?: number } = {},
): Promise<{ subject: string; text: string }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await admin.get('/api/admin/mailbox?limit=100');
    if (!response.ok()) throw new Error(`GET /api/admin/mailbox answered ${response.status()}`);
    const { messages } = (await response.json()) as { messages: MailSummary[] };
    const mail = messages.find(
      (m) => m.to.toLowerCase() === to.toLowerCase() && subject.test(m.subject) && m.createdAt >= after,
    );
    if (mail) {
      const detail = await admin.get(`/api/admin/mailbox/${encodeURIComponent(mail.id)}`);
      if (!detail.ok()) throw new Error(`GET /api/admin/mailbox/${mail.id} answered ${detail.status()}`);
      return (await detail.json()) as { subject: string; text: string };
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`No e-mail to ${to} matching ${subject} arrived within ${timeoutMs} ms`);
}

/** The first link in a mail's text that goes to `pathname` on the app. */
export function linkTo(text: string, pathname: string): string {
  for (const match of text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === pathname) return url.toString();
  }
  throw new Error(`No link to ${pathname} in:\n${text}`);
}
