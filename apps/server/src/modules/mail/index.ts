/**
 * The mail module: the one owner of `mailbox` (the embedded mailbox). Other modules queue an e-mail in their
 * own transaction (`queueMail`); the outbox job hands it to the configured transport (SMTP or the mailbox).
 */

export { type MailOutcome, mailJobHandler, mailTopic, queueMail } from './mail.service.ts';
export { type MailContent, mailTemplates } from './mail.templates.ts';
export { type MailTransport, mailboxTransport, smtpTransport } from './mail.transport.ts';
export { findMail, listMail } from './mailbox.repository.ts';
export { purgeMemberMail } from './member-data.repository.ts';
