import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { type AuthResult, loginSchema, registrationSchema } from '../../../contract/api/accounts';
import { passwordProblem } from '../../../contract/password-policy';
import type { DB } from '../../db/schema';
import { isDomainError } from '../errors';
import { claimInvite, type InviteTarget } from '../seats/invites';
import { addPlayer } from '../seats/members';
import { AccountError } from './errors';
import { clearLoginFailures, describeWait, failureKeyOf, lockedFor, recordLoginFailure, throttledFor } from './login-throttle';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { codeHash, consumeRegistrationCode } from './registration-codes';
import { createSession, revokeAllSessions } from './sessions';

export type { AuthResult } from '../../../contract/api/accounts';

/**
 * Creates an account. Refusals are counted like failed logins (login-throttle.ts): every one
 * from an address counts toward that address's throttle, and a name refused as taken counts
 * against the code that asked, so holding a code (a player invite with uses left) does not let
 * anyone list the accounts: five names per code, twenty refusals per address, then a wait.
 * `ip` is the client's address as the HTTP layer established it (TRUST_PROXY).
 */
export async function registerAccount(db: Kysely<DB>, input: z.infer<typeof registrationSchema>, context: { ip: string; ttlDays: number }): Promise<AuthResult> {
  const throttled = await throttledFor(db, context.ip);
  if (throttled > 0) {
    throw new AccountError(429, `Too many attempts from this address. Try again in ${describeWait(throttled)}.`, {
      retryAfterSeconds: Math.ceil(throttled / 1000),
    });
  }
  const codeKey = `registration-code|${codeHash(input.registration_code.trim())}`;
  const codeLocked = await lockedFor(db, codeKey);
  if (codeLocked > 0) {
    throw new AccountError(429, `Too many refused attempts with this code. Try again in ${describeWait(codeLocked)}.`, {
      retryAfterSeconds: Math.ceil(codeLocked / 1000),
    });
  }
  const problem = passwordProblem(input.password);
  if (problem) throw new AccountError(400, problem);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      // The code first: without a valid one, nobody learns whether a name is taken. A refusal
      // below rolls the transaction back, so the code is not used up.
      let seat: InviteTarget | null = null;
      if (!(await consumeRegistrationCode(trx, input.registration_code))) {
        // A GM's player invite counts as an administrator-approved code and seats the new player.
        // An unknown code keeps the spec's answer; a known invite that no longer works says why.
        seat = await claimInvite(trx, input.registration_code).catch((error: unknown) => {
          throw isDomainError(error) && error.status === 404 ? new AccountError(403, 'Invalid registration code') : error;
        });
      }
      const taken = await trx.selectFrom('users').select('id').where(sql<string>`lower(username)`, '=', input.username.toLowerCase()).executeTakeFirst();
      if (taken) throw new AccountError(409, 'Username already exists');
      const user = await trx
        .insertInto('users')
        .values({ username: input.username, email: input.email, password_hash: passwordHash })
        .returning(['id', 'username', 'email'])
        .executeTakeFirstOrThrow();
      if (seat) await addPlayer(trx, seat.campaign.id, user.id, seat.invite.id);
      const token = await createSession(trx, user.id, context.ttlDays);
      return { user, token };
    });
  } catch (error) {
    if (isDomainError(error)) await recordLoginFailure(db, codeKey, context.ip);
    throw error;
  }
}

/**
 * Checks a password. Failures are counted per account and address (the lockout) and per
 * address (the throttle), in the database so every process shares them; see login-throttle.ts.
 * `ip` is the client's address as the HTTP layer established it (TRUST_PROXY).
 */
export async function login(db: Kysely<DB>, input: z.infer<typeof loginSchema>, context: { ip: string; ttlDays: number }): Promise<AuthResult> {
  const throttled = await throttledFor(db, context.ip);
  if (throttled > 0) {
    throw new AccountError(429, `Too many login attempts from this address. Try again in ${describeWait(throttled)}.`, {
      retryAfterSeconds: Math.ceil(throttled / 1000),
    });
  }
  const failureKey = failureKeyOf(input.username, context.ip);
  const locked = await lockedFor(db, failureKey);
  if (locked > 0) {
    throw new AccountError(423, `Account locked after repeated failed logins. Try again in ${describeWait(locked)}.`, {
      retryAfterSeconds: Math.ceil(locked / 1000),
    });
  }

  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'password_hash', 'disabled'])
    .where(sql<string>`lower(username)`, '=', input.username.toLowerCase())
    .executeTakeFirst();
  const valid = await verifyPassword(input.password, user?.password_hash ?? (await decoyPasswordHash()));
  if (!user || !valid) {
    await recordLoginFailure(db, failureKey, context.ip);
    throw new AccountError(401, 'Invalid credentials');
  }
  if (user.disabled) throw new AccountError(403, 'This account is not whitelisted. Ask your administrator.');
  await clearLoginFailures(db, failureKey);
  const token = await createSession(db, user.id, context.ttlDays);
  return { user: { id: user.id, username: user.username, email: user.email }, token };
}

export interface AccountSummary {
  username: string;
  email: string;
  disabled: boolean;
  created_at: Date;
  monthly_budget_usd: number | null;
}

export async function listAccounts(db: Kysely<DB>): Promise<AccountSummary[]> {
  const rows = await db.selectFrom('users').select(['username', 'email', 'disabled', 'created_at', 'monthly_budget_usd']).orderBy('created_at').execute();
  return rows.map((row) => ({
    ...row,
    monthly_budget_usd: row.monthly_budget_usd === null ? null : Number(row.monthly_budget_usd),
  }));
}

/** Disabling takes the account off the whitelist and ends all its sessions at once. */
export async function setAccountDisabled(db: Kysely<DB>, username: string, disabled: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .updateTable('users')
      .set({ disabled })
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .returning('id')
      .executeTakeFirst();
    if (!user) throw new AccountError(400, `No account named ${username}`);
    if (disabled) await revokeAllSessions(trx, user.id);
  });
}

export async function setMonthlyBudget(db: Kysely<DB>, username: string, budgetUsd: number | null): Promise<void> {
  if (budgetUsd !== null && (!Number.isFinite(budgetUsd) || budgetUsd < 0)) {
    throw new AccountError(400, 'The budget must be a number of dollars, 0 or more');
  }
  const result = await db
    .updateTable('users')
    .set({ monthly_budget_usd: budgetUsd })
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AccountError(400, `No account named ${username}`);
}

export async function countAccounts(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
