import type { Kysely } from 'kysely';
import type { Member, Seat } from '../../../contract/api/seats';
import type { DB } from '../../db/schema';
import { DomainError, notFound } from '../errors';
import { isUuid, openSeats, requireOwnedCampaign } from '../ownership';
import { claimInvite, findInvite, UNKNOWN_INVITE } from './invites';

export type { Member, Seat } from '../../../contract/api/seats';

/** Seats the player in the campaign (inside the caller's transaction). */
export async function addPlayer(trx: Kysely<DB>, campaignId: string, userId: string, inviteId: string | null): Promise<void> {
  await trx
    .insertInto('campaign_members')
    .values({ campaign_id: campaignId, user_id: userId, invite_id: inviteId })
    .onConflict((oc) => oc.columns(['campaign_id', 'user_id']).doNothing())
    .execute();
}

/**
 * A signed-in user redeems an invite code. Joining again is harmless and takes no use; the GM
 * cannot take a player's seat in their own campaign. Any refusal leaves nothing written.
 */
export async function redeemInvite(db: Kysely<DB>, userId: string, code: string): Promise<Seat> {
  const campaignId = await db.transaction().execute(async (trx) => {
    const found = code.length <= 100 ? await findInvite(trx, code) : null;
    if (!found) throw new DomainError(404, UNKNOWN_INVITE);
    if (found.campaign.gm_id === userId) throw new DomainError(409, 'You are the GM of this campaign; invites are for your players.');
    // Whether the user already has the seat, and whether the GM removed them from it under this invite, asked at once.
    const { seated, revoked } = await trx
      .selectNoFrom(({ exists, selectFrom }) => [
        exists(selectFrom('campaign_members').select('user_id').where('campaign_id', '=', found.campaign.id).where('user_id', '=', userId)).as('seated'),
        exists(selectFrom('campaign_invite_revocations').select('user_id').where('invite_id', '=', found.invite.id).where('user_id', '=', userId)).as('revoked'),
      ])
      .executeTakeFirstOrThrow();
    if (seated) return found.campaign.id;
    if (revoked) throw new DomainError(410, REMOVED_WITH_THIS_INVITE);
    const { invite, campaign } = await claimInvite(trx, code);
    await addPlayer(trx, campaign.id, userId, invite.id);
    return campaign.id;
  });
  const seat = (await listSeats(db, userId)).find((s) => s.campaign_id === campaignId);
  if (!seat) throw notFound('Campaign');
  return seat;
}

/** Campaigns the user plays in, whose GM is still enabled (a disabled GM's table is closed). */
export async function listSeats(db: Kysely<DB>, userId: string): Promise<Seat[]> {
  if (!isUuid(userId)) return [];
  const rows = await openSeats(db)
    .select(['campaigns.id as campaign_id', 'campaigns.name', 'campaigns.description', 'gm.username as gm_username', 'campaign_members.joined_at'])
    .where('campaign_members.user_id', '=', userId)
    .orderBy('campaign_members.joined_at', 'asc')
    .execute();
  return rows.map((row) => ({ ...row, joined_at: row.joined_at.toISOString() }));
}

/** Who plays in the GM's campaign. */
export async function listMembers(db: Kysely<DB>, gmId: string, campaignId: string): Promise<Member[]> {
  await requireOwnedCampaign(db, gmId, campaignId);
  const rows = await db
    .selectFrom('campaign_members')
    .innerJoin('users', 'users.id', 'campaign_members.user_id')
    .select(['users.id as user_id', 'users.username', 'campaign_members.joined_at'])
    .where('campaign_members.campaign_id', '=', campaignId)
    .orderBy('campaign_members.joined_at', 'asc')
    .execute();
  return rows.map((row) => ({ ...row, joined_at: row.joined_at.toISOString() }));
}

export const REMOVED_WITH_THIS_INVITE = 'The GM removed you from this campaign, so this invite no longer admits you. Ask your GM for a new one.';

/**
 * The GM removes a player. Seats are read fresh on every request (requireCampaignAccess), so
 * the player's next request to the campaign already gets 404. The invite that seated them stops
 * admitting them (it may have uses left for others). Their notes and conversations are kept
 * (theirs, unreadable while unseated) and come back if the GM invites them again.
 */
export async function removePlayer(db: Kysely<DB>, gmId: string, campaignId: string, playerId: string): Promise<void> {
  await requireOwnedCampaign(db, gmId, campaignId);
  if (!isUuid(playerId)) throw notFound('Player');
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('campaign_members')
      .where('campaign_id', '=', campaignId)
      .where('user_id', '=', playerId)
      .returning('invite_id')
      .executeTakeFirst();
    if (!removed) throw notFound('Player');
    if (removed.invite_id) {
      await trx
        .insertInto('campaign_invite_revocations')
        .values({ invite_id: removed.invite_id, user_id: playerId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  });
}

/** A player leaves a campaign of their own accord. */
export async function leaveCampaign(db: Kysely<DB>, userId: string, campaignId: string): Promise<void> {
  if (!isUuid(campaignId)) throw notFound('Campaign');
  const removed = await db.deleteFrom('campaign_members').where('campaign_id', '=', campaignId).where('user_id', '=', userId).executeTakeFirst();
  if (Number(removed.numDeletedRows) !== 1) throw notFound('Campaign');
}
