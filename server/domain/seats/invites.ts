import { sql, type Kysely, type Selectable } from 'kysely';
import { inviteCreateSchema, type CreatedInvite, type InviteCreateInput, type InviteStatus, type InviteSummary } from '../../../contract/api/seats';
import type { CampaignInvitesTable, DB } from '../../db/schema';
import { codeHash, generateCode } from '../accounts/registration-codes';
import { DomainError, notFound } from '../errors';
import { isUuid, requireOwnedCampaign } from '../ownership';

/** How many open invites a GM may hold at once unless the administrator set their own cap. */
export const DEFAULT_MAX_PLAYER_INVITES = 20;

export type { CreatedInvite, InviteCreateInput, InviteStatus, InviteSummary } from '../../../contract/api/seats';

export const inviteLink = (code: string) => `/join/${encodeURIComponent(code)}`;

type InviteRow = Selectable<CampaignInvitesTable>;

export function inviteStatus(invite: Pick<InviteRow, 'uses' | 'max_uses' | 'expires_at' | 'revoked_at'>, gmDisabled = false, now = new Date()): InviteStatus {
  if (invite.revoked_at) return 'revoked';
  if (gmDisabled) return 'gm_disabled';
  if (invite.expires_at && invite.expires_at <= now) return 'expired';
  if (invite.uses >= invite.max_uses) return 'used_up';
  return 'active';
}

export function summariseInvite(invite: InviteRow, gmDisabled = false): InviteSummary {
  return {
    id: invite.id,
    campaign_id: invite.campaign_id,
    max_uses: invite.max_uses,
    uses: invite.uses,
    expires_at: invite.expires_at?.toISOString() ?? null,
    revoked_at: invite.revoked_at?.toISOString() ?? null,
    note: invite.note,
    created_at: invite.created_at.toISOString(),
    status: inviteStatus(invite, gmDisabled),
  };
}

/** Open invites (neither revoked, expired nor used up): what the administrator's cap counts. */
async function countOpenInvites(db: Kysely<DB>, gmId: string): Promise<number> {
  const row = await db
    .selectFrom('campaign_invites')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('created_by', '=', gmId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .whereRef('uses', '<', 'max_uses')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The GM creates an invite to their campaign; the code is returned once, in clear. */
export async function createInvite(db: Kysely<DB>, gmId: string, campaignId: string, input: InviteCreateInput): Promise<CreatedInvite> {
  const { uses, expires_in_days, note } = inviteCreateSchema.parse(input);
  return db.transaction().execute(async (trx) => {
    await requireOwnedCampaign(trx, gmId, campaignId);
    // Serialises a GM's invite creation, so two requests cannot both slip under the cap.
    const gm = await trx.selectFrom('users').select('max_player_invites').where('id', '=', gmId).forUpdate().executeTakeFirstOrThrow();
    const cap = gm.max_player_invites ?? DEFAULT_MAX_PLAYER_INVITES;
    if ((await countOpenInvites(trx, gmId)) >= cap) {
      throw new DomainError(
        409,
        cap === 0
          ? 'Your administrator has turned off player invites for your account.'
          : `You already have ${cap} open invite${cap === 1 ? '' : 's'}, the most your administrator allows. Revoke one first.`,
      );
    }
    const code = generateCode('SEAT');
    const expiresAt = expires_in_days === null ? null : new Date(Date.now() + expires_in_days * 24 * 3600 * 1000);
    const invite = await trx
      .insertInto('campaign_invites')
      .values({ campaign_id: campaignId, created_by: gmId, code_hash: codeHash(code), max_uses: uses, expires_at: expiresAt, note })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { invite: summariseInvite(invite), code, link: inviteLink(code) };
  });
}

export async function listInvites(db: Kysely<DB>, gmId: string, campaignId: string): Promise<InviteSummary[]> {
  await requireOwnedCampaign(db, gmId, campaignId);
  const rows = await db.selectFrom('campaign_invites').selectAll().where('campaign_id', '=', campaignId).orderBy('created_at', 'desc').execute();
  return rows.map((row) => summariseInvite(row));
}

/** Revoking is final and idempotent; the seats it already granted stay (remove players apart). */
export async function revokeInvite(db: Kysely<DB>, gmId: string, campaignId: string, inviteId: string): Promise<InviteSummary> {
  await requireOwnedCampaign(db, gmId, campaignId);
  if (!isUuid(inviteId)) throw notFound('Invite');
  const row = await db
    .updateTable('campaign_invites')
    .set({ revoked_at: sql`coalesce(revoked_at, now())` })
    .where('id', '=', inviteId)
    .where('campaign_id', '=', campaignId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound('Invite');
  return summariseInvite(row);
}

const REFUSALS: Record<Exclude<InviteStatus, 'active'>, string> = {
  revoked: 'This invite was revoked by the GM. Ask your GM for a new one.',
  // A disabled GM's invites stop working; saying why would reveal the account's state.
  gm_disabled: 'This invite no longer works. Ask your GM for a new one.',
  expired: 'This invite has expired. Ask your GM for a new one.',
  used_up: 'This invite has already been used. Ask your GM for a new one.',
};
export const UNKNOWN_INVITE = 'Invite not found. Check the code or ask your GM for a new one.';

export interface InviteTarget {
  invite: InviteRow;
  campaign: { id: string; name: string; gm_id: string; gm_username: string };
}

/** The invite a code names, with its campaign; null when no invite has that code. */
export async function findInvite(db: Kysely<DB>, code: string, options: { lock?: boolean } = {}): Promise<(InviteTarget & { status: InviteStatus }) | null> {
  let query = db
    .selectFrom('campaign_invites')
    .innerJoin('campaigns', 'campaigns.id', 'campaign_invites.campaign_id')
    .innerJoin('users as gm', 'gm.id', 'campaigns.user_id')
    .selectAll('campaign_invites')
    .select(['campaigns.name as campaign_name', 'gm.id as gm_id', 'gm.username as gm_username', 'gm.disabled as gm_disabled'])
    .where('campaign_invites.code_hash', '=', codeHash(code));
  if (options.lock) query = query.forUpdate('campaign_invites');
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const { campaign_name, gm_id, gm_username, gm_disabled, ...invite } = row;
  return {
    invite,
    campaign: { id: invite.campaign_id, name: campaign_name, gm_id, gm_username },
    status: inviteStatus(invite, gm_disabled),
  };
}

/** What the join page shows before the player commits: whose campaign, or why the code fails. */
export async function previewInvite(db: Kysely<DB>, code: string): Promise<{ campaign_id: string; campaign_name: string; gm_username: string }> {
  const found = code.length <= 100 ? await findInvite(db, code) : null;
  if (!found) throw new DomainError(404, UNKNOWN_INVITE);
  if (found.status !== 'active') throw new DomainError(410, REFUSALS[found.status]);
  return { campaign_id: found.campaign.id, campaign_name: found.campaign.name, gm_username: found.campaign.gm_username };
}

/**
 * Takes one use of an invite inside the caller's transaction (the row is locked, so two
 * redemptions of the last use cannot both pass). Throws the clear refusal otherwise; the
 * caller's transaction then rolls back and nothing is written.
 */
export async function claimInvite(trx: Kysely<DB>, code: string): Promise<InviteTarget> {
  const found = code.length <= 100 ? await findInvite(trx, code, { lock: true }) : null;
  if (!found) throw new DomainError(404, UNKNOWN_INVITE);
  if (found.status !== 'active') throw new DomainError(410, REFUSALS[found.status]);
  await trx
    .updateTable('campaign_invites')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', found.invite.id)
    .execute();
  return { invite: found.invite, campaign: found.campaign };
}
