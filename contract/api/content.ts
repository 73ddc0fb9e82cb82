import { z } from 'zod';
import { citationSchema } from './shared';

/** Content creation's /api shapes (ADR 0328): a generation or revision, and saving it as a document. */

/**
 * The body of POST /api/campaigns/{id}/create-content as the route documents it. The route
 * only checks the shapes; the domain checks the rules so that its messages reach the game
 * master word for word (spec section 5).
 */
export const createContentBody = z.object({
  content_type: z.string().optional().describe('character | location | mission | lore'),
  prompt: z.string().optional().describe('What to create; for a revision, the change wanted'),
  character_format: z.string().nullish().describe('Characters only: narrative (default) or stats'),
  primary_dataset_id: z.string().optional().describe('The Knowledge Tome searched first for context'),
  conversation_id: z.string().nullish().describe('The content conversation to continue (revisions)'),
  is_revision: z.boolean().optional(),
  original_content: z.string().nullish().describe('The version being revised, as the game master sees it'),
});
export type CreateContentBody = z.infer<typeof createContentBody>;

export const saveContentBody = z.object({
  dataset_id: z.string().optional(),
  content: z.string().optional(),
  filename: z.string().optional().describe("Saved with '.md' exactly once"),
  content_type: z.string().optional(),
  character_format: z.string().nullish().describe('Characters only: recorded in the front matter'),
  sources: z.array(z.string()).optional().describe('File names for the front matter; read from the Sources section when absent'),
});
export type SaveContentBody = z.infer<typeof saveContentBody>;

export const generatedContentSchema = z.object({
  content: z.string().describe('Markdown, ending with its Sources section'),
  markdown: z.string().describe('The document as it would be saved: YAML front matter, then the content'),
  sources: z.array(z.string()).describe('File names of the passages it was written from'),
  tokens: z.object({ total_tokens: z.number(), total_cost: z.number() }),
  conversation_id: z.string(),
  content_type: z.enum(['character', 'location', 'mission', 'lore']),
  character_format: z.enum(['narrative', 'stats']).nullable(),
  engine: z.string().describe('claude | openai | offline'),
  engine_label: z
    .string()
    .nullable()
    .describe('Which model answered and where, e.g. "llama3.1:8b via OpenAI-compatible server at localhost:11434"; null when engine says it (claude, offline)'),
  version: z.number(),
  citations: z.array(citationSchema),
});
export const savedContentSchema = z.object({
  document_id: z.string(),
  dataset_id: z.string(),
  filename: z.string(),
  job_id: z.string(),
  status: z.enum(['ready', 'processing']),
  message: z.string(),
});
/** What one generation or revision answers: `sources` are the file names of the passages it was written from, cited ones first; `version` 1 for the first draft, then one more per revision. */
export type GeneratedContent = z.infer<typeof generatedContentSchema>;
/** What saving answers: `status` ready when indexed and searchable now, processing when the queue finishes indexing shortly. */
export type SavedContent = z.infer<typeof savedContentSchema>;
