import type { Kysely } from 'kysely';
import type { SessionUser } from '../../../contract/api/accounts';
import type { DB } from '../../db/schema';
import { hashToken, newSecretToken } from './tokens';

export type { SessionUser } from '../../../contract/api/accounts';

const DAY_MS = 24 * 3600 * 1000;

export async function createSession(db: Kysely<DB>, userId: string, ttlDays: number): Promise<string> {
  const token = newSecretToken();
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      last_seen_at: new Date(),
      expires_at: new Date(Date.now() + ttlDays * DAY_MS),
    })
    .execute();
  return token;
}

/**
 * The user a token belongs to, or null when it is unknown, expired, revoked or its account
 * is disabled. Expiry slides: each use pushes it out to ttlDays from now (written at most
 * once a minute, so busy pages do not write on every request).
 */
export async function resolveSession(db: Kysely<DB>, token: string, ttlDays: number): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as session_id', 'sessions.last_seen_at', 'users.id', 'users.username', 'users.email'])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.expires_at', '>', new Date())
    .where('users.disabled', '=', false)
    .executeTakeFirst();
  if (!row) return null;
  if (Date.now() - row.last_seen_at.getTime() > 60_000) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(), expires_at: new Date(Date.now() + ttlDays * DAY_MS) })
      .where('id', '=', row.session_id)
      .execute();
  }
  return { id: row.id, username: row.username, email: row.email };
}

export async function revokeSession(db: Kysely<DB>, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

export async function revokeAllSessions(db: Kysely<DB>, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}
