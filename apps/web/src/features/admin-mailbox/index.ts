/** The admin mailbox's public API: what the app layer composes (features never import each other). */
export { MailboxRoute } from './routes/mailbox';
