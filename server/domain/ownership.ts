import type { Kysely, Selectable } from 'kysely';
import type { CampaignsTable, DB } from '../db/schema';
import { notFound } from './errors';

/**
 * The one place that decides whether a row is the caller's. Anything that is not answers
 * 404 exactly like something that does not exist, so ids of other users' data reveal nothing.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

export async function requireOwnedCampaign(db: Kysely<DB>, userId: string, campaignId: string) {
  const campaign = isUuid(campaignId)
    ? await db.selectFrom('campaigns').selectAll().where('id', '=', campaignId).where('user_id', '=', userId).executeTakeFirst()
    : undefined;
  if (!campaign) throw notFound('Campaign');
  return campaign;
}

/**
 * Who reads a campaign's material: its GM sees everything; a player (and a GM viewing as a
 * player) sees only what the GM has shown: visible documents minus their `:::gm` passages,
 * visible timeline events, and concepts drawn from those alone.
 */
export type Audience = 'gm' | 'player';

export interface CampaignAccess {
  campaign: Selectable<CampaignsTable>;
  /** The caller's seat: the owner is the GM, a campaign_members row is a player. */
  role: 'gm' | 'player';
  /** What to show: 'player' for a player, and for the GM when viewing as a player. */
  audience: Audience;
  /** The GM, who owns the campaign's tomes, passages and events. */
  ownerId: string;
  /** The caller (a player's own conversations and notes are theirs). */
  userId: string;
}

/**
 * The caller's seat at a campaign: its GM, or a player whose seat has not been removed, in a
 * campaign whose GM is not disabled. Anyone else gets the same 404 as a missing campaign.
 * Read on every request (never cached), so removing a player takes effect at once.
 */
export async function requireCampaignAccess(db: Kysely<DB>, userId: string, campaignId: string, options: { viewAsPlayer?: boolean } = {}): Promise<CampaignAccess> {
  const campaign =
    isUuid(campaignId) && isUuid(userId)
      ? await db.selectFrom('campaigns').selectAll('campaigns').where('campaigns.id', '=', campaignId).executeTakeFirst()
      : undefined;
  if (!campaign) throw notFound('Campaign');
  if (campaign.user_id === userId) {
    return { campaign, role: 'gm', audience: options.viewAsPlayer ? 'player' : 'gm', ownerId: userId, userId };
  }
  const seat = await openSeats(db)
    .select('campaign_members.role')
    .where('campaign_members.campaign_id', '=', campaignId)
    .where('campaign_members.user_id', '=', userId)
    .executeTakeFirst();
  if (!seat) throw notFound('Campaign');
  return { campaign, role: 'player', audience: 'player', ownerId: campaign.user_id, userId };
}

/** Players' seats at campaigns whose GM is not disabled (a disabled GM's table is closed), with the campaign and its GM (`gm`). */
export function openSeats(db: Kysely<DB>) {
  return db
    .selectFrom('campaign_members')
    .innerJoin('campaigns', 'campaigns.id', 'campaign_members.campaign_id')
    .innerJoin('users as gm', 'gm.id', 'campaigns.user_id')
    .where('gm.disabled', '=', false);
}

export async function requireOwnedDataset(db: Kysely<DB>, userId: string, datasetId: string) {
  const dataset = isUuid(datasetId)
    ? await db.selectFrom('datasets').selectAll().where('id', '=', datasetId).where('user_id', '=', userId).executeTakeFirst()
    : undefined;
  if (!dataset) throw notFound('Dataset');
  return dataset;
}

/** A document of the caller's, in the given dataset. */
export async function requireOwnedDocument(db: Kysely<DB>, userId: string, datasetId: string, documentId: string) {
  const document =
    isUuid(datasetId) && isUuid(documentId)
      ? await db
          .selectFrom('documents')
          .select(['id', 'dataset_id', 'user_id', 'filename', 'file_type', 'status', 'error', 'token_count', 'page_count', 'upload_date', 'updated_at'])
          .where('id', '=', documentId)
          .where('dataset_id', '=', datasetId)
          .where('user_id', '=', userId)
          .executeTakeFirst()
      : undefined;
  if (!document) throw notFound('Document');
  return document;
}

/** Ids of the caller's datasets linked to a campaign, read fresh on every call (never cached). */
export async function linkedDatasetIds(db: Kysely<DB>, userId: string, campaignId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('campaign_datasets')
    .innerJoin('datasets', 'datasets.id', 'campaign_datasets.dataset_id')
    .innerJoin('campaigns', 'campaigns.id', 'campaign_datasets.campaign_id')
    .select('datasets.id')
    .where('campaign_datasets.campaign_id', '=', campaignId)
    .where('campaigns.user_id', '=', userId)
    .where('datasets.user_id', '=', userId)
    .execute();
  return rows.map((row) => row.id);
}
