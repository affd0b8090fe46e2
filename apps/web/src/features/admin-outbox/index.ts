/** The admin's outbox page: per-topic counts, the open rows with retry and discard. */
export { AdminOutboxRoute } from './routes/admin-outbox';
