/**
 * Kept apart from tomes.ts so a screen that only reads the tomes' constants does not load zod:
 * the browser loads this schema when a form is first used (app/lib/forms.ts).
 */
import { z } from 'zod';

/** A tome's name and description: the API body, the domain and the Create and Edit forms share it. */
export const tomeFieldsSchema = z.object({
  name: z.string({ error: 'Dataset name is required' }).trim().min(1, 'Dataset name is required').max(200, 'Dataset name is too long (200 characters at most)'),
  description: z.string().trim().max(5000, 'Description is too long (5000 characters at most)').optional().default(''),
});

/** PATCH /api/datasets/:id: rename, edit the description, or both. */
export const tomeUpdateSchema = z
  .object({ name: tomeFieldsSchema.shape.name.optional(), description: z.string().trim().max(5000, 'Description is too long (5000 characters at most)').optional() })
  .refine((body) => body.name !== undefined || body.description !== undefined, 'Give a name or a description to change');
