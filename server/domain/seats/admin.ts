import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { DomainError } from '../errors';
import { isUuid } from '../ownership';
import { DEFAULT_MAX_PLAYER_INVITES, summariseInvite, type InviteSummary } from './invites';

/**
 * The administrator's hold on GM-issued player invites (npm run admin). A disabled GM's
 * invites stop working without being touched (their status reads gm_disabled), so enabling
 * the GM again restores them; revoking is final.
 */
export interface AdminInviteRow extends InviteSummary {
  gm_username: string;
  campaign_name: string;
}

async function userIdOf(db: Kysely<DB>, username: string): Promise<string> {
  const user = await db.selectFrom('users').select('id').where(sql<string>`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
  if (!user) throw new DomainError(400, `No account named ${username}`);
  return user.id;
}

export async function listGmInvites(db: Kysely<DB>, username?: string): Promise<AdminInviteRow[]> {
  let query = db
    .selectFrom('campaign_invites')
    .innerJoin('campaigns', 'campaigns.id', 'campaign_invites.campaign_id')
    .innerJoin('users as gm', 'gm.id', 'campaign_invites.created_by')
    .selectAll('campaign_invites')
    .select(['gm.username as gm_username', 'gm.disabled as gm_disabled', 'campaigns.name as campaign_name'])
    .orderBy('campaign_invites.created_at', 'desc');
  if (username !== undefined) query = query.where('campaign_invites.created_by', '=', await userIdOf(db, username));
  const rows = await query.execute();
  return rows.map(({ gm_username, gm_disabled, campaign_name, ...invite }) => ({
    ...summariseInvite(invite, gm_disabled),
    gm_username,
    campaign_name,
  }));
}

/** Caps how many open invites the GM may hold (0 turns invites off); null restores the default. */
export async function setPlayerInviteLimit(db: Kysely<DB>, username: string, limit: number | null): Promise<void> {
  if (limit !== null && (!Number.isInteger(limit) || limit < 0 || limit > 10_000)) {
    throw new DomainError(400, 'The limit must be a whole number from 0 to 10000, or default');
  }
  const id = await userIdOf(db, username);
  await db.updateTable('users').set({ max_player_invites: limit }).where('id', '=', id).execute();
}

export const playerInviteLimitOf = (limit: number | null) => limit ?? DEFAULT_MAX_PLAYER_INVITES;

/** Revokes one invite by id, or every open invite of a GM; returns how many were revoked. */
export async function adminRevokeInvites(db: Kysely<DB>, target: { inviteId: string } | { username: string }): Promise<number> {
  let query = db.updateTable('campaign_invites').set({ revoked_at: new Date() }).where('revoked_at', 'is', null);
  if ('inviteId' in target) {
    if (!isUuid(target.inviteId)) throw new DomainError(400, `No invite with id ${target.inviteId}`);
    const exists = await db.selectFrom('campaign_invites').select('id').where('id', '=', target.inviteId).executeTakeFirst();
    if (!exists) throw new DomainError(400, `No invite with id ${target.inviteId}`);
    query = query.where('id', '=', target.inviteId);
  } else {
    query = query.where('created_by', '=', await userIdOf(db, target.username));
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
