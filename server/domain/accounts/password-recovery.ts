import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { passwordChangeSchema, passwordResetSchema } from '../../../contract/api/accounts';
import { passwordProblem } from '../../../contract/password-policy';
import type { DB } from '../../db/schema';
import { AccountError } from './errors';
import { hashPassword, verifyPassword } from './passwords';
import { hashToken, newSecretToken } from './tokens';

/** How long a reset link made by `npm run admin -- reset-password USER` works. */
export const RESET_CODE_TTL_MS = 60 * 60_000;

const INVALID_RESET = 'This reset link is invalid or has expired. Ask your administrator for a new one.';

/**
 * Changes a signed-in user's password. Every other session of the user ends; the one that
 * made the change (keptToken) stays signed in.
 */
export async function changePassword(db: Kysely<DB>, userId: string, input: z.infer<typeof passwordChangeSchema>, keptToken: string | null): Promise<void> {
  const user = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  if (!user || !(await verifyPassword(input.current_password, user.password_hash))) {
    throw new AccountError(403, 'Current password is incorrect');
  }
  const problem = passwordProblem(input.new_password);
  if (problem) throw new AccountError(400, problem);
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    let others = trx.deleteFrom('sessions').where('user_id', '=', userId);
    if (keptToken) others = others.where('token_hash', '!=', hashToken(keptToken));
    await others.execute();
  });
}

/**
 * The administrator's reset: a one-time code for USER, valid for an hour, returned in clear
 * (the only time it is seen; only its hash is stored). Earlier unused codes of the user lapse.
 */
export async function createPasswordResetCode(db: Kysely<DB>, username: string, now = Date.now()): Promise<string> {
  const code = newSecretToken();
  await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('id').where(sql<string>`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
    if (!user) throw new AccountError(400, `No account named ${username}`);
    await trx.deleteFrom('password_reset_codes').where('user_id', '=', user.id).where('used_at', 'is', null).execute();
    await trx
      .insertInto('password_reset_codes')
      .values({ user_id: user.id, code_hash: hashToken(code), expires_at: new Date(now + RESET_CODE_TTL_MS) })
      .execute();
  });
  return code;
}

/** Whether a reset code still works (the /reset page asks before showing its form). */
export async function resetCodeIsValid(db: Kysely<DB>, code: string): Promise<boolean> {
  if (!code || code.length > 200) return false;
  const row = await db
    .selectFrom('password_reset_codes')
    .select('id')
    .where('code_hash', '=', hashToken(code))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Sets a new password with a reset code: the code is used up and every session of the user
 * ends, in one transaction (a second use of the code finds it used).
 */
export async function resetPassword(db: Kysely<DB>, input: z.infer<typeof passwordResetSchema>): Promise<{ username: string }> {
  const problem = passwordProblem(input.new_password);
  if (problem) throw new AccountError(400, problem);
  const passwordHash = await hashPassword(input.new_password);
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('password_reset_codes')
      .set({ used_at: new Date() })
      .where('code_hash', '=', hashToken(input.code))
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('user_id')
      .executeTakeFirst();
    if (!used) throw new AccountError(400, INVALID_RESET);
    const user = await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', used.user_id).returning('username').executeTakeFirstOrThrow();
    await trx.deleteFrom('sessions').where('user_id', '=', used.user_id).execute();
    return user;
  });
}
