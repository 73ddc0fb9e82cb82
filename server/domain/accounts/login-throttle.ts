import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Failed logins, kept in the database so every process on one Postgres server shares them.
 * Two rules read the same rows:
 * - lockout: five failures for one account from one address in fifteen minutes lock that
 *   account for that address (a stranger hammering a name cannot lock its owner out);
 * - throttle: twenty failures from one address in five minutes stop that address (spraying
 *   across names). Successful logins are not counted.
 */
export const LOCKOUT_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const THROTTLE_FAILURES = 20;
export const THROTTLE_WINDOW_MS = 5 * 60_000;

export const failureKeyOf = (username: string, client: string) => `${username.toLowerCase()}|${client}`;

/** Milliseconds until the address may try again, or 0 when it is under its limit. */
export async function throttledFor(db: Kysely<DB>, client: string, now = Date.now()): Promise<number> {
  return waitAfterNth(db, 'client', client, THROTTLE_FAILURES, THROTTLE_WINDOW_MS, now);
}

/** Milliseconds until this account may be tried again from this address, or 0 when it is not locked. */
export async function lockedFor(db: Kysely<DB>, failureKey: string, now = Date.now()): Promise<number> {
  return waitAfterNth(db, 'username_key', failureKey, LOCKOUT_FAILURES, LOCKOUT_WINDOW_MS, now);
}

export async function recordLoginFailure(db: Kysely<DB>, failureKey: string, client: string, now = Date.now()) {
  await db
    .insertInto('login_failures')
    .values({ username_key: failureKey, client, failed_at: new Date(now) })
    .execute();
  await db
    .deleteFrom('login_failures')
    .where('failed_at', '<', new Date(now - LOCKOUT_WINDOW_MS))
    .execute();
}

export async function clearLoginFailures(db: Kysely<DB>, failureKey: string) {
  await db.deleteFrom('login_failures').where('username_key', '=', failureKey).execute();
}

/** "15 minutes", "1 minute": a wait rounded up to whole minutes. */
export function describeWait(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

// Over the limit while the limit-th most recent failure is inside the window; the wait ends
// when that failure leaves it.
async function waitAfterNth(db: Kysely<DB>, column: 'client' | 'username_key', value: string, limit: number, windowMs: number, now: number): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select('failed_at')
    .where(column, '=', value)
    .where('failed_at', '>', new Date(now - windowMs))
    .orderBy('failed_at', 'desc')
    .offset(limit - 1)
    .limit(1)
    .executeTakeFirst();
  return row ? Math.max(1, row.failed_at.getTime() + windowMs - now) : 0;
}
