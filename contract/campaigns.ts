import * as z from 'zod/mini';

/**
 * A campaign's name and description: one schema for the API body, the domain, and the Create
 * and Edit forms (read in the browser and in the action, so the field errors match). Written
 * with zod/mini, whose checks the browser's bundle keeps only as used (ADR 0247).
 */
export const campaignFieldsSchema = z.object({
  name: z
    .string({ error: 'Campaign name is required' })
    .check(z.trim(), z.minLength(1, 'Campaign name is required'), z.maxLength(200, 'Campaign name is too long (200 characters at most)')),
  description: z._default(z.optional(z.string().check(z.trim(), z.maxLength(5000, 'Description is too long (5000 characters at most)'))), ''),
});

/** PATCH /api/campaigns/:id: rename, edit the description, or both. */
export const campaignUpdateSchema = z
  .object({
    name: z.optional(campaignFieldsSchema.shape.name),
    description: z.optional(z.string().check(z.trim(), z.maxLength(5000, 'Description is too long (5000 characters at most)'))),
  })
  .check(z.refine((body) => body.name !== undefined || body.description !== undefined, 'Give a name or a description to change'));
