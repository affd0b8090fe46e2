import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { oneLine } from '../../lib/logging.ts';
import { enqueue, type OutboxHandler } from '../../outbox/outbox.ts';
import { defineTopic, type OutboxMessageOptions } from '../../outbox/topic.ts';
import type { MailContent } from './mail.templates.ts';
import type { MailTransport } from './mail.transport.ts';

/**
 * The outbox topic of one e-mail: recipient, subject and plain-text body, rendered when it was queued, and the
 * ids of the members it speaks of besides its recipient (`about`: a request's sender, whose name and message it
 * quotes), so that their account's deletion finds it, waiting or sent.
 */
export const mailTopic = defineTopic(
  'mail.send',
  z.strictObject({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    about: z.array(z.string()).optional(),
  }),
);

/** Who else an e-mail speaks of (member ids), besides its recipient. */
export interface MailOptions extends OutboxMessageOptions {
  about?: readonly string[];
}

/** Queues an e-mail in the caller's transaction; the worker sends it, retrying on failure. */
export async function queueMail(
  tx: Executor,
  to: string,
  content: MailContent,
  options: MailOptions = {},
): Promise<void> {
  const { about, ...delivery } = options;
  const payload = { to, subject: content.subject, text: content.text };
  await enqueue(tx, mailTopic.message(about?.length ? { ...payload, about: [...about] } : payload, delivery));
}

/** What became of one try at delivering an e-mail (the metrics count them). */
export type MailOutcome = 'sent' | 'failed';

/**
 * The outbox handler that delivers queued mail through the configured transport; `onOutcome` hears of each try.
 */
export function mailJobHandler(
  transport: MailTransport,
  onOutcome: (outcome: MailOutcome) => void = () => {},
): OutboxHandler {
  return mailTopic.handler(async ({ to, subject, text, about }, job) => {
    try {
      // Subjects hold members' names: a line break there would start a header of its own.
      await transport.send({
        id: job.idempotencyKey,
        to: oneLine(to),
        subject: oneLine(subject).trim(),
        text,
        about: about ?? [],
      });
    } catch (error) {
      onOutcome('failed');
      throw error;
    }
    onOutcome('sent');
  });
}
