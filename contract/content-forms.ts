/**
 * Kept apart from content.ts so a screen that only reads the content creator's constants does not
 * load zod: the browser loads these schemas when a form is first used (app/lib/forms.ts). Written
 * with zod/mini, whose checks the browser's bundle keeps only as used (ADR 0247).
 */
import * as z from 'zod/mini';
import { CHARACTER_FORMATS, CONTENT_MESSAGES, CONTENT_TYPES } from './content';
import { contentFilename } from './content-filename';

/**
 * The content creator's three forms (request, revision, save): the browser checks them
 * (app/lib/forms.ts) and the page action parses them with the same schema, so each error reads the same
 * with JavaScript on or off. The domain checks its own rules again for the API (input.ts).
 */
const required = (message: string, ...checks: z.core.$ZodCheck<string>[]) => z.string({ error: message }).check(z.trim(), z.minLength(1, message), ...checks);
const session = {
  campaign_id: required('Choose a campaign first.'),
  content_type: z.enum(CONTENT_TYPES, { error: 'Choose what to create.' }),
  character_format: z.optional(z.enum(CHARACTER_FORMATS, { error: 'Choose a character format: narrative or stats.' })),
  primary_dataset_id: required(CONTENT_MESSAGES.datasetRequired),
};
export const contentRequestSchema = z.object({
  ...session,
  prompt: required(CONTENT_MESSAGES.promptRequired, z.maxLength(4000, 'The description is too long (4000 characters at most).')),
});
export const contentRevisionSchema = z.object({
  ...session,
  conversation_id: required(CONTENT_MESSAGES.reviseFailed),
  prompt: required(CONTENT_MESSAGES.revisionRequired, z.maxLength(4000, 'The change is too long (4000 characters at most).')),
});
export const contentSaveSchema = z.object({
  ...session,
  conversation_id: required(CONTENT_MESSAGES.saveMissing),
  dataset_id: required(CONTENT_MESSAGES.saveMissing),
  filename: z.string({ error: CONTENT_MESSAGES.saveMissing }).check(z.refine((name) => contentFilename(name) !== null, CONTENT_MESSAGES.saveMissing)),
});
