import { z } from 'zod';
import { tomeFieldsSchema } from '../tome-fields';
import { DUPLICATE_CHOICES, JOB_STATUSES, METADATA_CATEGORIES, METADATA_SOURCES, METADATA_TYPES, parseTags } from '../tomes';
import { fileBytes, timestamp } from './shared';

/** Knowledge Tomes' /api shapes (ADR 0328): tomes and their metadata, documents, uploads, jobs. */

const MAX_TAGS = 30;
const MAX_TAG_LENGTH = 40;

const tagsInput = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => parseTags(value))
  .refine((tags) => tags.length <= MAX_TAGS, `At most ${MAX_TAGS} tags`)
  .refine((tags) => tags.every((tag) => tag.length <= MAX_TAG_LENGTH), `A tag may be at most ${MAX_TAG_LENGTH} characters`);

const booleanInput = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1');

const enumMessage = (what: string, values: readonly string[]) => `${what} must be one of: ${values.join(', ')}`;

/** PUT /api/datasets/{id}/metadata: the whole metadata (version is optional and kept when absent). */
export const metadataUpdateSchema = z.object({
  type: z.enum(METADATA_TYPES, { error: enumMessage('type', METADATA_TYPES) }),
  category: z.enum(METADATA_CATEGORIES, { error: enumMessage('category', METADATA_CATEGORIES) }),
  source: z.enum(METADATA_SOURCES, { error: enumMessage('source', METADATA_SOURCES) }),
  tags: tagsInput,
  is_official_dnd: booleanInput.optional().default(false),
  version: z.string().trim().min(1).max(20).optional(),
});

/** Metadata sent with a new dataset: any part overrides what was guessed. */
export const metadataOverrideSchema = z
  .object({
    type: z.enum(METADATA_TYPES, { error: enumMessage('type', METADATA_TYPES) }).optional(),
    category: z.enum(METADATA_CATEGORIES, { error: enumMessage('category', METADATA_CATEGORIES) }).optional(),
    source: z.enum(METADATA_SOURCES, { error: enumMessage('source', METADATA_SOURCES) }).optional(),
    tags: z.union([z.string(), z.array(z.string())]).optional(),
    is_official_dnd: booleanInput.optional(),
    version: z.string().trim().min(1).max(20).optional(),
  })
  .optional();

export const createDatasetSchema = z.object({ ...tomeFieldsSchema.shape, metadata: metadataOverrideSchema });

export const datasetMetadataSchema = z.object({
  type: z.string(),
  category: z.string(),
  source: z.string(),
  tags: z.array(z.string()),
  is_official_dnd: z.boolean(),
  version: z.string(),
});
export type DatasetMetadata = z.infer<typeof datasetMetadataSchema>;

/** `document_count`: documents that finished processing and can be searched, the one count every screen shows; `failed_document_count`: shown apart, with their reason, in Manage Documents. */
export const datasetSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  created_at: timestamp,
  document_count: z.number().describe('Documents ready to search (failed ones are not counted)'),
  failed_document_count: z.number().describe('Documents whose processing failed; listed with their error'),
  total_tokens: z.number(),
  metadata: datasetMetadataSchema,
});
export type Dataset = z.infer<typeof datasetSchema>;
export const documentStatus = z.enum(['processing', 'ready', 'failed']);
export const documentSchema = z.object({
  id: z.string(),
  dataset_id: z.string(),
  filename: z.string(),
  file_type: z.string(),
  token_count: z.number(),
  upload_date: timestamp,
  content_preview: z.string(),
  status: documentStatus,
  error: z.string().nullable(),
  page_count: z.number().nullable(),
  size_bytes: z.number(),
  player_visible: z.boolean().describe('Shown to the players of the campaigns the tome is linked to (false: GM-only)'),
  has_gm_blocks: z.boolean().describe('The text holds :::gm blocks, which players never read even when the document is shown'),
});
/** `upload_date`: when it was uploaded; `player_visible`: shown to the players of the campaigns the tome is linked to, GM-only (false) by default. */
export type DocumentSummary = z.infer<typeof documentSchema>;
export const documentDetailSchema = documentSchema.extend({ content: z.string() });
export type DocumentDetail = z.infer<typeof documentDetailSchema>;
export const contentSchema = z.object({ id: z.string(), filename: z.string(), file_type: z.string(), status: documentStatus, content: z.string() });
export const acceptedSchema = z.object({ job_id: z.string(), document_id: z.string() });
export type UploadAccepted = z.infer<typeof acceptedSchema>;
export const jobSchema = z.object({
  id: z.string(),
  status: z.enum(JOB_STATUSES).describe('queued, then the stages of the work, then completed or failed'),
  progress: z.number(),
  progress_message: z.string(),
  error: z.string().nullable(),
  document_id: z.string().nullable(),
});
export type JobStatus = z.infer<typeof jobSchema>;
export const datasetJobSchema = jobSchema.extend({ filename: z.string() });
export type DatasetJob = z.infer<typeof datasetJobSchema>;

export const jobParams = z.object({ jobId: z.string() });
export const uploadQuery = z.object({
  duplicate: z
    .enum(DUPLICATE_CHOICES)
    .optional()
    .describe('When the tome already holds a document with the same bytes: replace it, or keep both. Unset: 409 and nothing stored'),
});
/** GET .../documents/:docId/file: the original's bytes, whole or in ranges, or not modified. */
export const documentFileAnswers = {
  200: { description: 'The whole file, in its own type', content: { '*/*': { schema: fileBytes } } },
  206: { description: 'The ranges asked for (several: multipart/byteranges)', content: { '*/*': { schema: fileBytes } } },
  304: z.null().describe('Not modified since the ETag given in If-None-Match (no body)'),
};
export const fileQuery = z.object({
  token: z.string().optional().describe('The session token, for links a browser opens directly'),
  inline: z.string().optional().describe('Show in the browser instead of downloading (PDF and text only)'),
});

/** PUT .../documents/:docId/visibility: the GM shows a document to the campaign's players, or hides it again. */
export const visibilitySchema = z.object({
  player_visible: z.boolean({ error: 'player_visible must be true or false' }),
});
export const visibilityResultSchema = z.object({ id: z.string(), player_visible: z.boolean() });

/**
 * A campaign's document as its audience reads it (issue #14): `token_count` of the text this
 * audience reads; `has_gm_blocks` never true for a player, who never sees them.
 */
export const campaignDocumentSchema = z.object({
  id: z.string(),
  dataset_id: z.string(),
  dataset_name: z.string(),
  filename: z.string(),
  file_type: z.string(),
  status: z.string(),
  token_count: z.number().describe('Of the text the caller reads (for a player: without its `:::gm` blocks)'),
  page_count: z.number().nullable(),
  content_preview: z.string(),
  player_visible: z.boolean(),
  has_gm_blocks: z.boolean().describe('The text holds `:::gm` blocks (never true for a player)'),
});
export type CampaignDocument = z.infer<typeof campaignDocumentSchema>;
export const campaignDocumentDetailSchema = campaignDocumentSchema.extend({ content: z.string() });
export type CampaignDocumentDetail = z.infer<typeof campaignDocumentDetailSchema>;
/** `document_count`: ready documents this audience reads. */
export const campaignDocumentsSchema = z.object({ documents: z.array(campaignDocumentSchema), document_count: z.number(), total_tokens: z.number() });
export type CampaignDocuments = z.infer<typeof campaignDocumentsSchema>;
