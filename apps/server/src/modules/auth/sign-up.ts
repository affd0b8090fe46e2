import type { SessionUser } from '@intergen/contracts';
import {
  emailProblem,
  messages,
  normalizeEmail,
  type ProfileType,
  splitName,
  toTitleCase,
} from '@intergen/domain';
import { hashPassword, newId } from '../../lib/crypto.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { publishAdminLive } from '../live/index.ts';
import * as members from '../members/index.ts';
import { createProfileWithContact } from '../members/index.ts';
import {
  type AuthContext,
  type ClientInfo,
  checkNewPassword,
  type IssuedSession,
  issueSession,
  issueVerificationCode,
  toSessionUser,
} from './auth.context.ts';

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === '23505' ||
  (error as { cause?: { code?: string } })?.cause?.code === '23505';

/**
 * Creates the auth user, the user record with its expert/company flag, the empty profile and contact
 * info, and queues the verification e-mail, in one transaction; then signs the user in.
 */
export async function signUp(
  ctx: AuthContext,
  input: { name: string; email: string; password: string; profileType: ProfileType },
  client: ClientInfo,
): Promise<{ user: SessionUser; session: IssuedSession }> {
  const { db, afterCommit } = ctx;
  const email = normalizeEmail(input.email);
  const problem = emailProblem(input.email) ?? emailProblem(email);
  if (problem) throw badRequest('VALIDATION_FAILED', problem, [{ path: 'email', message: problem }]);
  checkNewPassword(input.password, 'password');
  // Everything that can refuse the sign-up is checked before the costly hash (and again in the transaction).
  if (await members.findUserByEmail(db, email)) {
    throw new AppError('EMAIL_TAKEN', messages.emailAlreadyRegistered);
  }
  const name = toTitleCase(input.name);
  const { firstName, lastName } = splitName(name);
  const passwordHash = await hashPassword(input.password, { client: client.ip });
  try {
    const result = await db.transaction(async (tx) => {
      if (await members.findUserByEmail(tx, email)) {
        throw new AppError('EMAIL_TAKEN', messages.emailAlreadyRegistered);
      }
      const createdAt = ctx.now();
      const user = await members.insertUser(tx, {
        id: newId(),
        createdAt,
        email,
        name,
        firstName,
        lastName,
        kind: input.profileType,
        passwordHash,
      });
      await createProfileWithContact(tx, {
        userId: user.id,
        kind: input.profileType,
        name,
        email,
        createdAt,
      });
      await issueVerificationCode(ctx, tx, { ...user, kind: input.profileType });
      const session = await issueSession(tx, user.id, client);
      await publishAdminLive(tx, ['adminMembers']);
      return { user: await toSessionUser(tx, user), session };
    });
    afterCommit();
    return result;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', messages.emailAlreadyRegistered);
    throw error;
  }
}
