import * as z from 'zod/mini';
import { CONTEXT_LEVELS, DEFAULT_CONTEXT_LEVEL } from './chat';

/**
 * A question to an assistant: one schema for the /api bodies (contract/api/chat.ts), the domain,
 * and the assistants' plain forms (read in the browser and in the action, so the errors match).
 * zod/mini, as every form schema (ADR 0247). `empty` is what an empty question is told.
 */
const question = (empty: string) =>
  z.string({ error: 'query is required' }).check(z.trim(), z.minLength(1, empty), z.maxLength(8_000, 'The question is too long (8000 characters at most).'));

export const documentChatSchema = z.object({
  query: question('Type a question about the document first.'),
  conversation_id: z.nullish(z.string()),
});

export const campaignChatSchema = z.object({
  query: question('Type a question for the assistant first.'),
  conversation_id: z.nullish(z.string()),
  context_level: z._default(z.optional(z.enum(CONTEXT_LEVELS, { error: 'context_level must be low, medium or high' })), DEFAULT_CONTEXT_LEVEL),
});

/** A conversation's name is at most this long; its preview (its first question) is cut to it. */
export const PREVIEW_CHARACTERS = 100;

export const conversationTitleSchema = z.object({
  title: z
    .string({ error: 'title is required' })
    .check(z.trim(), z.minLength(1, 'Give the conversation a name'), z.maxLength(PREVIEW_CHARACTERS, `A name is at most ${PREVIEW_CHARACTERS} characters`)),
});
