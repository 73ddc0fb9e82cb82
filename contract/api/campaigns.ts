import { z } from 'zod';
import { campaignFieldsSchema, campaignUpdateSchema } from '../campaigns';
import { timestamp } from './shared';

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
