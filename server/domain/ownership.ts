import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
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
          .select([
            'id',
            'dataset_id',
            'user_id',
            'filename',
            'file_type',
            'status',
            'error',
            'token_count',
            'page_count',
            'upload_date',
            'updated_at',
          ])
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
