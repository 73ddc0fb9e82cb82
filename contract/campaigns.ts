import { z } from 'zod';

/**
 * A campaign's name and description: one schema for the API body, the domain, and the Create
 * and Edit forms (read in the browser and in the action, so the field errors match).
 */
export const campaignFieldsSchema = z.object({
  name: z.string({ error: 'Campaign name is required' }).trim().min(1, 'Campaign name is required').max(200, 'Campaign name is too long (200 characters at most)'),
  description: z.string().trim().max(5000, 'Description is too long (5000 characters at most)').optional().default(''),
});

/** PATCH /api/campaigns/:id: rename, edit the description, or both. */
export const campaignUpdateSchema = z
  .object({
    name: campaignFieldsSchema.shape.name.optional(),
    description: z.string().trim().max(5000, 'Description is too long (5000 characters at most)').optional(),
  })
  .refine((body) => body.name !== undefined || body.description !== undefined, 'Give a name or a description to change');
