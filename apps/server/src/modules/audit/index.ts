/**
 * The audit module: the one owner of `audit_log`. Admin actions call `recordAudit(tx, …)` in the transaction of
 * their change; admins read the log through `GET /api/admin/audit`.
 */

export { type ActorLookup, type AuditRecord, listAudit, recordAudit } from './audit.ts';
