import { z } from 'zod';
import type { campaignChatSchema, documentChatSchema } from '../chat-forms';
import { citationSchema, timestamp } from './shared';

/**
 * Chat's /api shapes (ADR 0328): campaign chat and its conversations, the Document Assistant.
 * contract/chat.ts (browser code) takes its message and answer types from here.
 */

export { campaignChatSchema, conversationTitleSchema, documentChatSchema, PREVIEW_CHARACTERS } from '../chat-forms';
export type DocumentChatInput = z.input<typeof documentChatSchema>;
export type CampaignChatInput = z.input<typeof campaignChatSchema>;

export const CONVERSATION_PAGE_DEFAULT = 50;
export const CONVERSATION_PAGE_MAX = 100;

export const conversationPageSchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number from 1 to 100' })
    .int('limit must be a number from 1 to 100')
    .min(1, 'limit must be a number from 1 to 100')
    .max(CONVERSATION_PAGE_MAX, 'limit must be a number from 1 to 100')
    .optional(),
  before: z.string().uuid('before must be the cursor of an earlier page').optional(),
  /** Only conversations whose title or messages contain this text. */
  q: z.string().trim().max(200, 'q must be at most 200 characters').optional(),
});
export type ConversationPageRequest = z.input<typeof conversationPageSchema>;

export const campaignAnswerSchema = z.object({
  response: z.string(),
  citations: z.array(citationSchema),
  conversation_id: z.string(),
  engine: z.string().describe('claude | openai | offline'),
  engine_label: z
    .string()
    .nullable()
    .describe('Which model answered and where, e.g. "llama3.1:8b via OpenAI-compatible server at localhost:11434"; null when engine says it (claude, offline)'),
  timestamp: timestamp,
});
export const conversationSummarySchema = z.object({
  id: z.string(),
  preview: z.string(),
  title: z.string().nullable(),
  message_count: z.number(),
  last_updated: timestamp,
});
/** A message of a conversation; `engine_label` says which model answered and where, when `engine` does not say it. */
const chatMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  timestamp: timestamp,
  citations: z.array(citationSchema),
  engine: z.string().nullable(),
  engine_label: z.string().nullish(),
});
export const conversationSchema = z.object({
  id: z.string(),
  campaign_id: z.string(),
  created_at: timestamp,
  last_updated: timestamp,
  messages: z.array(chatMessageSchema),
});
export const documentAnswerSchema = campaignAnswerSchema.extend({
  mode: z.enum(['whole_document', 'retrieval']),
  tokens: z.number(),
  usage: z.object({
    total_cost: z.number(),
    input_tokens: z.number(),
    output_tokens: z.number(),
    cache_read_tokens: z.number(),
    cache_write_tokens: z.number(),
    total_tokens: z.number(),
  }),
  cost_info: z.object({ total_cost: z.number(), input_tokens: z.number(), output_tokens: z.number() }),
});
export const documentConversationSchema = z.object({
  id: z.string(),
  messages: z.array(chatMessageSchema.extend({ tokens: z.number().nullable(), cost: z.number().nullable() })),
});
export const conversationParams = z.object({ id: z.string(), conversationId: z.string() });
export type CampaignChatAnswer = z.infer<typeof campaignAnswerSchema>;
/** `preview`: the owner's name for it, else its first question (shortened); `title`: set when the owner renamed it. */
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export type Conversation = z.infer<typeof conversationSchema>;
/** `engine_label`: which model answered and where, when `engine` does not say it. */
export type CampaignChatMessage = Conversation['messages'][number];
/** `mode`: whether the whole document was sent (with prompt caching) or only retrieved passages. */
export type DocumentChatAnswer = z.infer<typeof documentAnswerSchema>;
/** `tokens` and `cost`: what an assistant message's answer cost (the panel shows it under the answer). */
export type DocumentChatMessage = z.infer<typeof documentConversationSchema>['messages'][number];
