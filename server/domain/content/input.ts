import { z } from 'zod';
import { CHARACTER_FORMATS, CONTENT_MESSAGES, CONTENT_TYPES, DEFAULT_CHARACTER_FORMAT, type CharacterFormat, type ContentType } from '../../../contract/content';
import { badRequest } from '../errors';

export const MAX_PROMPT_CHARACTERS = 4_000;
export const MAX_CONTENT_CHARACTERS = 60_000;

const TYPE_MESSAGE = 'content_type must be character, location, mission or lore';
const FORMAT_MESSAGE = 'character_format must be narrative or stats';

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

export interface CreateContentInput {
  contentType: ContentType;
  characterFormat: CharacterFormat | null;
  prompt: string;
  primaryDatasetId: string;
  conversationId: string | null;
  isRevision: boolean;
  originalContent: string | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function parseCreateContent(raw: Partial<Record<keyof CreateContentBody, unknown>>): CreateContentInput {
  const isRevision = raw.is_revision === true || raw.is_revision === 'true';
  const prompt = text(raw.prompt);
  if (!prompt) throw badRequest(isRevision ? CONTENT_MESSAGES.revisionRequired : CONTENT_MESSAGES.promptRequired);
  if (prompt.length > MAX_PROMPT_CHARACTERS) {
    throw badRequest(`The description is too long (${MAX_PROMPT_CHARACTERS} characters at most).`);
  }
  const contentType = text(raw.content_type);
  if (!(CONTENT_TYPES as readonly string[]).includes(contentType)) throw badRequest(TYPE_MESSAGE);
  const primaryDatasetId = text(raw.primary_dataset_id);
  if (!primaryDatasetId) throw badRequest(CONTENT_MESSAGES.datasetRequired);

  let characterFormat: CharacterFormat | null = null;
  if (contentType === 'character') {
    const format = text(raw.character_format) || DEFAULT_CHARACTER_FORMAT;
    if (!(CHARACTER_FORMATS as readonly string[]).includes(format)) throw badRequest(FORMAT_MESSAGE);
    characterFormat = format as CharacterFormat;
  }

  const originalContent = typeof raw.original_content === 'string' && raw.original_content.trim() ? raw.original_content : null;
  if (originalContent && originalContent.length > MAX_CONTENT_CHARACTERS) {
    throw badRequest(`The content to revise is too long (${MAX_CONTENT_CHARACTERS} characters at most).`);
  }
  const conversationId = text(raw.conversation_id) || null;
  if (isRevision && !conversationId && !originalContent) {
    throw badRequest('A revision needs the content to revise: send original_content or the conversation_id of the draft.');
  }
  return {
    contentType: contentType as ContentType,
    characterFormat,
    prompt,
    primaryDatasetId,
    conversationId,
    isRevision,
    originalContent,
  };
}

export interface SaveContentInput {
  datasetId: string;
  content: string;
  filename: string;
  contentType: ContentType;
  sources: string[] | null;
}

export function parseSaveContent(raw: Partial<Record<keyof SaveContentBody, unknown>>): SaveContentInput {
  const datasetId = text(raw.dataset_id);
  const content = typeof raw.content === 'string' ? raw.content : '';
  const filename = text(raw.filename);
  if (!datasetId || !content.trim() || !filename) throw badRequest(CONTENT_MESSAGES.saveMissing);
  if (content.length > MAX_CONTENT_CHARACTERS) {
    throw badRequest(`The content is too long to save (${MAX_CONTENT_CHARACTERS} characters at most).`);
  }
  const contentType = text(raw.content_type);
  if (!(CONTENT_TYPES as readonly string[]).includes(contentType)) throw badRequest(TYPE_MESSAGE);
  const sources = Array.isArray(raw.sources) ? raw.sources.filter((s): s is string => typeof s === 'string' && s.trim() !== '') : null;
  return { datasetId, content, filename, contentType: contentType as ContentType, sources };
}
