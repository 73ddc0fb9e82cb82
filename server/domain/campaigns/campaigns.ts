import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema';
import { badRequest, DomainError } from '../errors';
import { requireOwnedCampaign, requireOwnedDataset } from '../ownership';
import { cursorColumns, inOrder, type Page, type PageRequest, readPage, type SortKey } from '../paging';
import { type Campaign, campaignUpdateSchema, createCampaignSchema } from '../../../contract/api/campaigns';

export type { Campaign } from '../../../contract/api/campaigns';

/** Oldest first: a new campaign goes to the end of the list, and of its last page. */
const CAMPAIGN_ORDER: SortKey[] = [
  { ref: 'campaigns.created_at', direction: 'asc', type: 'timestamptz' },
  { ref: 'campaigns.id', direction: 'asc', type: 'uuid' },
];

const campaignsQuery = (db: Kysely<DB>, userId: string) =>
  db.selectFrom('campaigns').select(['campaigns.id', 'campaigns.name', 'campaigns.description', 'campaigns.created_at']).where('campaigns.user_id', '=', userId);

export async function listCampaigns(db: Kysely<DB>, userId: string): Promise<Campaign[]> {
  return withLinkedDatasets(db, userId, await inOrder(campaignsQuery(db, userId), CAMPAIGN_ORDER).execute());
}

/** One page of listCampaigns, in the same order. */
export async function listCampaignsPage(db: Kysely<DB>, userId: string, page: PageRequest): Promise<Page<Campaign>> {
  const { rows, next_cursor } = await readPage(campaignsQuery(db, userId).select(cursorColumns(CAMPAIGN_ORDER)), CAMPAIGN_ORDER, page);
  return { items: await withLinkedDatasets(db, userId, rows), next_cursor };
}

async function withLinkedDatasets(
  db: Kysely<DB>,
  userId: string,
  campaigns: { id: string; name: string; description: string; created_at: Date }[],
): Promise<Campaign[]> {
  if (campaigns.length === 0) return [];
  const links = await db
    .selectFrom('campaign_datasets')
    .innerJoin('datasets', 'datasets.id', 'campaign_datasets.dataset_id')
    .select(['campaign_datasets.campaign_id', 'campaign_datasets.dataset_id'])
    .where('datasets.user_id', '=', userId)
    .where(
      'campaign_datasets.campaign_id',
      'in',
      campaigns.map((c) => c.id),
    )
    .orderBy('campaign_datasets.linked_at')
    .execute();
  return campaigns.map((campaign) => ({
    id: campaign.id,
    name: campaign.name,
    description: campaign.description,
    created_at: campaign.created_at.toISOString(),
    datasets: links.filter((link) => link.campaign_id === campaign.id).map((link) => link.dataset_id),
  }));
}

export async function getCampaign(db: Kysely<DB>, userId: string, campaignId: string): Promise<Campaign> {
  await requireOwnedCampaign(db, userId, campaignId);
  const campaign = (await listCampaigns(db, userId)).find((c) => c.id === campaignId);
  if (!campaign) throw new DomainError(404, 'Campaign not found');
  return campaign;
}

export async function createCampaign(db: Kysely<DB>, userId: string, input: z.input<typeof createCampaignSchema>): Promise<Campaign> {
  const { name, description } = createCampaignSchema.parse(input);
  const row = await db
    .insertInto('campaigns')
    .values({ user_id: userId, name, description })
    .returning(['id', 'name', 'description', 'created_at'])
    .executeTakeFirstOrThrow();
  return { ...row, created_at: row.created_at.toISOString(), datasets: [] };
}

/** Renames a campaign or edits its description (or both). */
export async function updateCampaign(db: Kysely<DB>, userId: string, campaignId: string, input: z.input<typeof campaignUpdateSchema>): Promise<Campaign> {
  await requireOwnedCampaign(db, userId, campaignId);
  const { name, description } = campaignUpdateSchema.parse(input);
  await db
    .updateTable('campaigns')
    .set({ ...(name !== undefined && { name }), ...(description !== undefined && { description }) })
    .where('id', '=', campaignId)
    .where('user_id', '=', userId)
    .execute();
  return getCampaign(db, userId, campaignId);
}

export async function deleteCampaign(db: Kysely<DB>, userId: string, campaignId: string): Promise<void> {
  await requireOwnedCampaign(db, userId, campaignId);
  await db.deleteFrom('campaigns').where('id', '=', campaignId).where('user_id', '=', userId).execute();
}

export async function linkDataset(db: Kysely<DB>, userId: string, campaignId: string, datasetId: string): Promise<Campaign> {
  if (!datasetId) throw badRequest('dataset_id is required');
  await requireOwnedCampaign(db, userId, campaignId);
  await requireOwnedDataset(db, userId, datasetId);
  await db
    .insertInto('campaign_datasets')
    .values({ campaign_id: campaignId, dataset_id: datasetId })
    .onConflict((oc) => oc.columns(['campaign_id', 'dataset_id']).doNothing())
    .execute();
  return getCampaign(db, userId, campaignId);
}

export async function unlinkDataset(db: Kysely<DB>, userId: string, campaignId: string, datasetId: string): Promise<Campaign> {
  await requireOwnedCampaign(db, userId, campaignId);
  await requireOwnedDataset(db, userId, datasetId);
  await db.deleteFrom('campaign_datasets').where('campaign_id', '=', campaignId).where('dataset_id', '=', datasetId).execute();
  return getCampaign(db, userId, campaignId);
}
