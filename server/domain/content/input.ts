import type { CreateContentBody, SaveContentBody } from '../../../contract/api/content';
import { CHARACTER_FORMATS, CONTENT_MESSAGES, CONTENT_TYPES, DEFAULT_CHARACTER_FORMAT, type CharacterFormat, type ContentType } from '../../../contract/content';
import { badRequest } from '../errors';

export const MAX_PROMPT_CHARACTERS = 4_000;
export const MAX_CONTENT_CHARACTERS = 60_000;

const TYPE_MESSAGE = 'content_type must be character, location, mission or lore';
const FORMAT_MESSAGE = 'character_format must be narrative or stats';

export type { CreateContentBody, SaveContentBody } from '../../../contract/api/content';

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
