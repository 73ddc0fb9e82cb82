import { z } from 'zod';
import { campaignFieldsSchema, campaignUpdateSchema } from '../campaigns';
import { fileBytes, timestamp } from './shared';

/** Campaigns' /api shapes (ADR 0328). The name and description are the forms' schema (contract/campaigns.ts). */

export { campaignUpdateSchema };
export const createCampaignSchema = campaignFieldsSchema;

export const linkDatasetSchema = z.object({ dataset_id: z.string().min(1, 'dataset_id is required') });

/** `datasets`: the ids of the linked Knowledge Tomes. */
export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  created_at: timestamp,
  datasets: z.array(z.string()),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignLinkParams = z.object({ id: z.string(), datasetId: z.string() });

/** GET /api/campaigns/:id/export answers the archive as application/zip (issue #33). */
export const campaignArchiveSchema = { description: 'The campaign archive', content: { 'application/zip': { schema: fileBytes } } };
/** POST /api/campaigns/import: the new campaign made from the archive. */
export const importedCampaignSchema = z.object({ campaign: campaignSchema });
