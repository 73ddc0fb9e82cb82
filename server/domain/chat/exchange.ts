import { z } from 'zod';
import type { CampaignChatAnswer, ChatCitation } from '../../../contract/chat';
import type { GenerateResult } from '../../ai/types';

/** A chat exchange as both assistants (campaign and document) take and give it. */

/** The question as posted: the question, and the conversation it continues. */
export function chatQuestionFields(whenEmpty: string) {
  return {
    query: z.string({ error: 'query is required' }).trim().min(1, whenEmpty).max(8_000, 'The question is too long (8000 characters at most).'),
    conversation_id: z.string().nullish(),
  };
}

/** The answer as saved: its text and sources, its conversation, and which engine wrote it. */
export function chatAnswer(
  result: Pick<GenerateResult, 'text' | 'engine' | 'label'>,
  citations: ChatCitation[],
  saved: { conversationId: string; answeredAt: Date },
): CampaignChatAnswer {
  return {
    response: result.text,
    citations,
    conversation_id: saved.conversationId,
    engine: result.engine,
    engine_label: result.label ?? null,
    timestamp: saved.answeredAt.toISOString(),
  };
}
