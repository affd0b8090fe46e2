/** The admin's audit log page: what the app layer composes (features never import each other). */
export { AdminAuditRoute } from './routes/admin-audit';
