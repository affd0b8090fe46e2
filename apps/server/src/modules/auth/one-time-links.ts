import type { SessionUser } from '@intergen/contracts';
import { messages, normalizeEmail } from '@intergen/domain';
import { hashToken } from '../../lib/crypto.ts';
import { badRequest } from '../../lib/errors.ts';
import { mailTemplates, queueMail } from '../mail/index.ts';
import * as members from '../members/index.ts';
import {
  type AuthContext,
  type ClientInfo,
  type IssuedSession,
  issueLinkToken,
  issueSession,
  refusal,
  toSessionUser,
} from './auth.context.ts';
import * as repo from './auth.repository.ts';

/** Mails a one-time sign-in link when the account exists and may sign in. */
export async function requestOneTimeLink(
  ctx: AuthContext,
  input: { email: string; redirect?: string | undefined },
): Promise<void> {
  const { db, afterCommit } = ctx;
  const user = await members.findUserByEmail(db, normalizeEmail(input.email));
  if (!user || (await refusal(db, user))) return;
  await db.transaction(async (tx) => {
    const url = await issueLinkToken(ctx, tx, user, { redirect: input.redirect ?? null });
    await queueMail(tx, user.email, mailTemplates.oneTimeLogin({ firstName: user.firstName, url }));
  });
  afterCommit();
}

/**
 * The CRM deal link's button: mails a fresh link to the member the deal link names (`login`), provided
 * the typed e-mail is that member's. The answer does not reveal whether it matched.
 */
export async function requestDealOneTimeLink(
  ctx: AuthContext,
  input: {
    email?: string | undefined;
    login?: string | undefined;
    deal?: string | undefined;
    redirect?: string | undefined;
  },
): Promise<void> {
  const { db, afterCommit } = ctx;
  const present = (v: string | undefined) => !!v && v.trim() !== '' && v.trim() !== 'null';
  if (!present(input.email) || !present(input.login) || !present(input.deal)) {
    throw badRequest('LINK_DATA_MISSING', messages.oneTimeLinkMissingData);
  }
  const user = await members.findUserById(db, input.login!.trim());
  if (!user || user.email !== normalizeEmail(input.email!) || (await refusal(db, user))) return;
  await db.transaction(async (tx) => {
    const url = await issueLinkToken(ctx, tx, user, {
      redirect: input.redirect ?? null,
      dealId: input.deal!.trim(),
    });
    await queueMail(tx, user.email, mailTemplates.oneTimeLogin({ firstName: user.firstName, url }));
  });
  afterCommit();
}

/** Signs in with a one-time link token. The token is single use; the password is never touched. */
export async function consumeOneTimeLink(
  { db }: AuthContext,
  token: string,
  client: ClientInfo,
  previousToken?: string,
): Promise<{ user: SessionUser; session: IssuedSession; redirect: string | null }> {
  return db.transaction(async (tx) => {
    const row = await repo.consumeToken(tx, hashToken(token), 'one_time_login');
    if (!row) throw badRequest('TOKEN_INVALID', messages.oneTimeLinkInvalid);
    const user = await members.findUserById(tx, row.userId);
    if (!user) throw badRequest('TOKEN_INVALID', messages.oneTimeLinkInvalid);
    const refused = await refusal(tx, user);
    if (refused) throw refused;
    return {
      session: await issueSession(tx, user.id, client, previousToken),
      user: await toSessionUser(tx, user),
      redirect: row.redirect,
    };
  });
}
