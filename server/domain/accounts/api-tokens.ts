import type { Kysely } from 'kysely';
import { API_TOKEN_PREFIX, type ApiTokenFields, apiTokenFieldsSchema } from '../../../contract/api-tokens';
import type { ApiTokenSummary, CreatedApiToken } from '../../../contract/api/accounts';
import type { DB } from '../../db/schema';
import { DomainError, notFound } from '../errors';
import { isUuid } from '../ownership';
import type { SessionUser } from './sessions';
import { hashToken, newSecretToken } from './tokens';

/** A user may hold this many tokens at once: enough for every script, and a bound on rows. */
const MAX_TOKENS_PER_USER = 50;
/** last_used_at is written at most this often per token, so scripts do not write on every call. */
const LAST_USED_PRECISION_MS = 60_000;
const DAY_MS = 24 * 3600 * 1000;

export type { ApiTokenSummary, CreatedApiToken } from '../../../contract/api/accounts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function isApiToken(token: string): boolean {
  return token.startsWith(API_TOKEN_PREFIX);
}

export async function createApiToken(db: Kysely<DB>, userId: string, input: unknown): Promise<CreatedApiToken> {
  const parsed = apiTokenFieldsSchema.safeParse(input);
  if (!parsed.success) throw new DomainError(400, parsed.error.issues[0]?.message ?? 'Invalid token fields');
  const fields: ApiTokenFields = parsed.data;
  const token = `${API_TOKEN_PREFIX}${newSecretToken()}`;
  return db.transaction().execute(async (trx) => {
    // Serialises one user's creations, so two at once cannot both pass the count.
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    const { count } = await trx
      .selectFrom('api_tokens')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_TOKENS_PER_USER) {
      throw new DomainError(409, `You already have ${MAX_TOKENS_PER_USER} API tokens. Revoke one you no longer use first.`);
    }
    const row = await trx
      .insertInto('api_tokens')
      .values({
        user_id: userId,
        name: fields.name,
        token_hash: hashToken(token),
        expires_at: fields.expires_in_days ? new Date(Date.now() + fields.expires_in_days * DAY_MS) : null,
      })
      .returning(['id', 'name', 'created_at', 'expires_at'])
      .executeTakeFirstOrThrow();
    return { id: row.id, name: row.name, token, created_at: row.created_at.toISOString(), expires_at: iso(row.expires_at) };
  });
}

/** The user's tokens, newest first; never the token itself (only its hash is stored). */
export async function listApiTokens(db: Kysely<DB>, userId: string): Promise<ApiTokenSummary[]> {
  const rows = await db
    .selectFrom('api_tokens')
    .select(['id', 'name', 'created_at', 'expires_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    created_at: row.created_at.toISOString(),
    expires_at: iso(row.expires_at),
    last_used_at: iso(row.last_used_at),
  }));
}

/** Revokes one of the user's tokens; another user's token answers 404 like a missing one. */
export async function revokeApiToken(db: Kysely<DB>, userId: string, tokenId: string): Promise<void> {
  if (!isUuid(tokenId)) throw notFound('API token');
  const deleted = await db.deleteFrom('api_tokens').where('id', '=', tokenId).where('user_id', '=', userId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound('API token');
}

/**
 * The user a personal API token belongs to, or null when it is unknown, revoked, expired or its
 * account is disabled. Its last use is recorded at most once a minute.
 */
export async function resolveApiToken(db: Kysely<DB>, token: string): Promise<(SessionUser & { tokenId: string }) | null> {
  if (!isApiToken(token) || token.length > 200) return null;
  const row = await db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select(['api_tokens.id as token_id', 'api_tokens.last_used_at', 'users.id', 'users.username', 'users.email'])
    .where('api_tokens.token_hash', '=', hashToken(token))
    .where((eb) => eb.or([eb('api_tokens.expires_at', 'is', null), eb('api_tokens.expires_at', '>', new Date())]))
    .where('users.disabled', '=', false)
    .executeTakeFirst();
  if (!row) return null;
  if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > LAST_USED_PRECISION_MS) {
    await db.updateTable('api_tokens').set({ last_used_at: new Date() }).where('id', '=', row.token_id).execute();
  }
  return { id: row.id, username: row.username, email: row.email, tokenId: row.token_id };
}
