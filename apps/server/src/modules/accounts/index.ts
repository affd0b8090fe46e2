/**
 * The accounts module: deleting an account (spec 000 §4, DESIGN.md §4) — by an admin with a typed confirmation,
 * by the member with their password — and the member's own data export. It owns no table: each owning module
 * deletes its own rows (`purgeMember…`), all in one transaction.
 */
export { type AccountsService, createAccountsService } from './accounts.service.ts';
