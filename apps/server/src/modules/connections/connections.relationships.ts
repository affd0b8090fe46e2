import { noRelationship } from '@intergen/domain';
import { findSuggestionBetween } from '../matching/index.ts';
import type { RelationshipSource } from '../members/index.ts';
import { findRequest } from './connections.repository.ts';

/**
 * What ties two members together now: a match suggestion between them (either way round), and whether its
 * request was accepted. Read from the rows as they are, so a cancelled request takes what it gave with it.
 */
export const relationshipBetween: RelationshipSource = async (ex, a, b) => {
  if (a === b) return noRelationship;
  const suggestion = await findSuggestionBetween(ex, a, b);
  if (!suggestion) return noRelationship;
  const request = await findRequest(ex, suggestion.id);
  return { shared: true, connected: request?.accepted === true };
};
