import type { CampaignChatAnswer, ChatCitation } from '../../../contract/chat';
import type { GenerateResult } from '../../ai/types';

/** The answer both assistants (campaign and document) give; the question's shape is the API's (contract/api/chat). */

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
