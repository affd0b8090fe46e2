import {
  type AdminMembersQuery,
  type AdminMembersResponse,
  adminMemberSorts,
  isStorableText,
  sortOrders,
} from '@intergen/contracts';
import { matchingTexts } from '@intergen/domain';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { isMemberConsoleCursor, listMembersPage, type MemberConsoleCursor } from '../members/index.ts';
import type { ProfilesContext } from './profiles.context.ts';

/** The cursor on the wire: base64url JSON of the sort it belongs to and the last row's sort-key values. */
const CursorSchema = z.object({
  sort: z.enum(adminMemberSorts),
  order: z.enum(sortOrders),
  // Decoded from base64, so the request's own NUL check never saw them.
  keys: z.array(z.string().max(400).refine(isStorableText)).min(1).max(4),
});

const encodeCursor = (query: AdminMembersQuery, keys: MemberConsoleCursor) =>
  Buffer.from(JSON.stringify({ sort: query.sort, order: query.order, keys })).toString('base64url');

/** The cursor's keys, when it was made for this sort and order; anything else is the client's error (400). */
function decodeCursor(query: AdminMembersQuery): MemberConsoleCursor | undefined {
  if (query.cursor === undefined) return undefined;
  try {
    const parsed = CursorSchema.safeParse(
      JSON.parse(Buffer.from(query.cursor, 'base64url').toString('utf8')),
    );
    if (
      parsed.success &&
      parsed.data.sort === query.sort &&
      parsed.data.order === query.order &&
      isMemberConsoleCursor(query.sort, parsed.data.keys)
    ) {
      return parsed.data.keys;
    }
  } catch {
    // fall through
  }
  throw new AppError('VALIDATION_FAILED', matchingTexts.badCursor, [
    { path: 'cursor', message: matchingTexts.badCursor },
  ]);
}

/**
 * A page of the admin's members console: every member with role, status, flags, dates and ratings received,
 * filtered, searched and sorted, in keyset pages (stable when members sign up between pages); the first page
 * says how many members the filters match.
 */
export async function listMembers(
  ctx: ProfilesContext,
  query: AdminMembersQuery,
): Promise<AdminMembersResponse> {
  const cursor = decodeCursor(query);
  const page = await listMembersPage(ctx.db, {
    search: query.search || undefined,
    role: query.role,
    status: query.status,
    verified: query.verified,
    private: query.private,
    sort: query.sort,
    order: query.order,
    limit: query.limit,
    cursor,
    withTotal: cursor === undefined,
  });
  return {
    members: page.rows,
    nextCursor: page.next ? encodeCursor(query, page.next) : null,
    total: page.total,
  };
}
