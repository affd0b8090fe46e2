import { noRelationship } from '@intergen/domain';
import type { RelationshipSource } from '../members/index.ts';
import { findOpenBetween } from './network.repository.ts';

/**
 * What a My Network request ties together (DESIGN.md §2, the access table): a requesting one lets both experts
 * read each other's profile; a connected one their contact details too. Declined and cancelled ones give nothing.
 */
export const networkRelationship: RelationshipSource = async (ex, a, b) => {
  if (a === b) return noRelationship;
  const row = await findOpenBetween(ex, a, b);
  if (!row) return noRelationship;
  return { shared: true, connected: row.status === 'connected' };
};
