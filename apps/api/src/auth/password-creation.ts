import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PRODUCT_NAME } from '@sentinel/domain';
import { instant } from '../db/database';
import type { Database } from '../db/schema';
import type { MessageSender } from '../providers/messages';
import { allowSend, msUntilSendAllowed } from '../throttle/send-log';

/** Links to one user: three in 15 minutes, ten a day, so a link cannot be used to flood an inbox. */
const LINK_LIMITS = [
  { max: 3, windowMs: 15 * 60_000 },
  { max: 10, windowMs: 24 * 3_600_000 },
];

export type PasswordLinkOutcome = 'sent' | 'notFound' | 'hasPassword' | 'throttled';

/** A password-creation link works once, for 72 hours: a long weekend to find the e-mail, no longer. */
export const PASSWORD_CREATION_TTL_MS = 72 * 3_600_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface PasswordCreationContext {
  db: Kysely<Database>;
  messages: MessageSender;
  signupUrl: string;
}

/**
 * Issues a new single-use token for the user (spending any earlier unused ones, so only the newest
 * link works) and e-mails `{signupUrl}/create-password?token=…`. Only the token's hash is stored.
 * A link goes only to an account without a password (otherwise whoever controls the address could
 * take over one that has), and at most as often as LINK_LIMITS allow.
 */
export async function sendPasswordCreationLink(
  context: PasswordCreationContext,
  userId: number,
): Promise<PasswordLinkOutcome> {
  const user = await context.db
    .selectFrom('users')
    .select(['email', 'firstName', 'passwordHash'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return 'notFound';
  if (user.passwordHash !== null) return 'hasPassword';
  if (!(await allowSend(context.db, `creation-link:${String(userId)}`, LINK_LIMITS))) return 'throttled';
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await context.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('passwordCreationTokens')
      .set({ usedAt: instant(now) })
      .where('userId', '=', userId)
      .where('usedAt', 'is', null)
      .execute();
    await trx
      .insertInto('passwordCreationTokens')
      .values({
        tokenHash: hashOf(token),
        userId,
        expiresAt: instant(new Date(now.getTime() + PASSWORD_CREATION_TTL_MS)),
        usedAt: null,
      })
      .execute();
  });
  const link = `${context.signupUrl}/create-password?token=${encodeURIComponent(token)}`;
  await context.messages.sendEmail({
    to: user.email,
    subject: `Create your ${PRODUCT_NAME} password`,
    body: `Hi ${user.firstName},\n\nCreate your ${PRODUCT_NAME} password here (the link works once, for 72 hours):\n${link}\n`,
  });
  return 'sent';
}

/** How long until another link may go to the user (0 when one may now). */
export function msUntilNextPasswordLink(
  context: Pick<PasswordCreationContext, 'db'>,
  userId: number,
): Promise<number> {
  return msUntilSendAllowed(context.db, `creation-link:${String(userId)}`, LINK_LIMITS);
}

/** The hash a token is stored under, for the create-password endpoint of a later issue. */
export const passwordCreationTokenHash = hashOf;
