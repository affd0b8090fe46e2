import type { Db } from '../../db/client.ts';
import * as repo from './crm.repository.ts';
import type { CrmGateway } from './gateway.ts';

/** The built-in CRM (the default): contacts, deals and stage history in our own tables. */
export function localGateway(db: Db): CrmGateway {
  return {
    name: 'local',
    findContactId: (memberId) => repo.findContactId(db, memberId),
    createContact: (record) => repo.insertContact(db, record),
    updateContact: (id, record) => repo.updateContact(db, id, record),
    removeContact: (memberId) => db.transaction((tx) => repo.deleteContactOfMember(tx, memberId)),
    findDealByKey: (key) => repo.findDealByKey(db, key),
    findDeal: (id) => repo.findDeal(db, id),
    createDeal: (deal) => db.transaction((tx) => repo.insertDeal(tx, deal)),
    updateDeal: (id, change) => db.transaction((tx) => repo.updateDeal(tx, id, change)),
  };
}
