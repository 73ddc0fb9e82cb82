import { z } from 'zod';
import { CONCEPT_MAP_MESSAGES, CONCEPT_TYPES, type ConceptMapSettings, DEFAULT_SETTINGS, LAYOUTS, MIN_STRENGTH_MESSAGE, parseMinStrength } from '../concept-map';
import { timestamp } from './shared';

/** The concept map's /api shapes (ADR 0328). The vocabulary (types, layouts, settings' defaults) is contract/concept-map.ts. */

const selectedDocument = z.object({ id: z.string().min(1, 'id is required'), dataset_id: z.string().min(1, 'dataset_id is required') });

/** A selection the domain reads from: one document at least. */
export const selectionSchema = z.object({
  selected_documents: z.array(selectedDocument).min(1, CONCEPT_MAP_MESSAGES.noDocuments).max(2000, 'Select at most 2000 documents at once'),
});

/** The /api body: an empty or missing selection reaches the domain, which answers the spec's message for it. */
export const selectionBodySchema = z.object({
  selected_documents: z.array(selectedDocument).max(2000, 'Select at most 2000 documents at once').nullish(),
});
/** What the domain accepts: the /api body as it arrives (a missing selection gets the spec's message). */
export type SelectionInput = z.input<typeof selectionBodySchema>;

const booleanish = z.union([
  z.boolean(),
  z.enum(['true', 'false', 'on', 'off', '1', '0']).transform((value) => value === 'true' || value === 'on' || value === '1'),
]);

/** A partial update of the view settings: what is left out keeps its saved value. */
export const settingsInputSchema = z
  .object({
    show_labels: booleanish.optional(),
    min_strength: z
      .union([z.number(), z.string()])
      .transform((value, ctx) => {
        const parsed = parseMinStrength(value);
        if (parsed === null) ctx.addIssue({ code: 'custom', message: MIN_STRENGTH_MESSAGE });
        return parsed ?? DEFAULT_SETTINGS.min_strength;
      })
      .optional(),
    layout: z.enum(LAYOUTS, { message: `layout must be one of: ${LAYOUTS.join(', ')}` }).optional(),
  })
  .strict();
export type SettingsInput = z.input<typeof settingsInputSchema>;

export const settingsSchema = z.object({
  show_labels: z.boolean(),
  min_strength: z.number().int().min(1).max(10),
  layout: z.enum(LAYOUTS),
}) satisfies z.ZodType<ConceptMapSettings>;

export const sourcePassageSchema = z.object({ document_id: z.string(), dataset_id: z.string(), filename: z.string(), quote: z.string() });
export type SourcePassage = z.infer<typeof sourcePassageSchema>;

export const conceptSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(CONCEPT_TYPES),
  description: z.string(),
  sources: z.number().int().describe('How many passages mention it'),
  aliases: z.array(z.string()),
  source_passages: z.array(sourcePassageSchema).describe('The first few passages it was read from'),
  visual: z.object({ color: z.string().describe('The fixed colour of its type') }),
});
export type MapConcept = z.infer<typeof conceptSchema>;

export const relationshipSchema = z.object({
  id: z.string(),
  source: z.string().describe('Concept id'),
  target: z.string().describe('Concept id'),
  relationship: z.string().describe("A short verb phrase read as 'source <relationship> target'"),
  strength: z.number().int().min(1).max(10),
  count: z.number().int().describe('How many passages support it'),
});
export type MapRelationship = z.infer<typeof relationshipSchema>;

export const mapJobSchema = z.object({ id: z.string(), status: z.string(), progress: z.number(), progress_message: z.string(), error: z.string().nullable() });
export type MapJob = z.infer<typeof mapJobSchema>;

export const processedDocumentSchema = z.object({
  id: z.string(),
  dataset_id: z.string(),
  filename: z.string(),
  processed_at: timestamp,
  outdated: z.boolean().describe('Its text changed since it was read'),
});
export type ProcessedDocument = z.infer<typeof processedDocumentSchema>;

export const conceptMapSchema = z.object({
  campaign_id: z.string(),
  concepts: z.array(conceptSchema),
  relationships: z.array(relationshipSchema),
  settings: settingsSchema,
  processed_docs: z.array(processedDocumentSchema),
  last_updated: timestamp.nullable(),
  engine: z.enum(['claude', 'openai', 'offline']).nullable(),
  job: mapJobSchema.nullable().describe('A generation still running, or one that failed since the map was built'),
});
export type ConceptMap = z.infer<typeof conceptMapSchema>;

/** A document the Select Documents modal offers: every document of the tomes linked to the campaign. */
export const mapDocumentSchema = z.object({
  id: z.string(),
  dataset_id: z.string(),
  dataset_name: z.string(),
  filename: z.string(),
  status: z.string(),
  chunk_count: z.number(),
  processed: z.boolean(),
  outdated: z.boolean(),
});
export type MapDocument = z.infer<typeof mapDocumentSchema>;

export const mapDocumentsSchema = z.object({ documents: z.array(mapDocumentSchema) });

export const generateQuery = z.object({
  wait: z.enum(['true', 'false', '1', '0']).optional().describe('For a large selection, hold the answer until the job ends (up to two minutes) and answer the map'),
});

export const generateQueuedSchema = z.object({ job_id: z.string(), status: z.string() });
