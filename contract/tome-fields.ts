/**
 * Kept apart from tomes.ts so a screen that only reads the tomes' constants does not load zod:
 * the browser loads this schema when a form is first used (app/lib/forms.ts). Written with
 * zod/mini, whose checks the browser's bundle keeps only as used (ADR 0247).
 */
import * as z from 'zod/mini';

/** A tome's name and description: the API body, the domain and the Create and Edit forms share it. */
export const tomeFieldsSchema = z.object({
  name: z
    .string({ error: 'Dataset name is required' })
    .check(z.trim(), z.minLength(1, 'Dataset name is required'), z.maxLength(200, 'Dataset name is too long (200 characters at most)')),
  description: z._default(z.optional(z.string().check(z.trim(), z.maxLength(5000, 'Description is too long (5000 characters at most)'))), ''),
});

/** PATCH /api/datasets/:id: rename, edit the description, or both. */
export const tomeUpdateSchema = z
  .object({
    name: z.optional(tomeFieldsSchema.shape.name),
    description: z.optional(z.string().check(z.trim(), z.maxLength(5000, 'Description is too long (5000 characters at most)'))),
  })
  .check(z.refine((body) => body.name !== undefined || body.description !== undefined, 'Give a name or a description to change'));
