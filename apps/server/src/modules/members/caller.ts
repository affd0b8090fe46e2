import type { ProfileType } from '@intergen/domain';
import type { MemberRows } from './users.repository.ts';

/** The signed-in person as services see them: who, which side of a match (if any), admin or not. */
export interface Caller {
  id: string;
  kind: ProfileType | null;
  isAdmin: boolean;
  emailVerified: boolean;
  /**
   * The caller's account, profile and contact rows as the request's session lookup read them (see
   * `request.member`). Only reads outside a transaction use them (the dashboard's lists); a change re-reads.
   */
  member?: MemberRows;
  /**
   * Set while the answer of a kept list is made (http/kept-lists.ts): a service adds the id of every other member
   * whose rows it read for the answer, shown or left out, so that any change to them drops the kept answer.
   */
  reads?: Set<string>;
}
