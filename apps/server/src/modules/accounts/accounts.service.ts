import { bindContext } from '../../lib/use-case.ts';
import { type AccountsServiceDeps, createAccountsContext } from './accounts.context.ts';
import { deleteMemberByAdmin, deleteOwnAccount } from './delete-account.ts';
import { exportAccountData } from './export-data.ts';

export type { AccountsServiceDeps } from './accounts.context.ts';

/**
 * Deleting accounts (an admin's, with a typed confirmation; the member's own, with their password) and a
 * member's own data export. Each method is a use case of this folder, given the context built here once.
 */
export function createAccountsService(deps: AccountsServiceDeps) {
  const use = bindContext(createAccountsContext(deps));
  return {
    deleteByAdmin: use(deleteMemberByAdmin),
    deleteOwn: use(deleteOwnAccount),
    exportData: use(exportAccountData),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
