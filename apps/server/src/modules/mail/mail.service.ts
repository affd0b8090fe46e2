import type { Executor } from '../../db/client.ts';
import { oneLine } from '../../lib/logging.ts';
import { enqueue, type OutboxHandler } from '../../outbox/outbox.ts';
import type { MailContent } from './mail.templates.ts';
import type { MailTransport } from './mail.transport.ts';

export const MAIL_TOPIC = 'mail.send';

/** Queues an e-mail in the caller's transaction; the worker sends it, retrying on failure. */
export async function queueMail(tx: Executor, to: string, content: MailContent): Promise<void> {
  await enqueue(tx, { topic: MAIL_TOPIC, payload: { to, subject: content.subject, text: content.text } });
}

/** The outbox handler that delivers queued mail through the configured transport. */
export function mailJobHandler(transport: MailTransport): OutboxHandler {
  return async (job) => {
    const { to, subject, text } = job.payload as { to: string; subject: string; text: string };
    // Subjects hold members' names: a line break there would start a header of its own.
    await transport.send({ id: job.idempotencyKey, to: oneLine(to), subject: oneLine(subject).trim(), text });
  };
}
