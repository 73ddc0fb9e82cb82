import type { Kysely } from 'kysely';
import type { ContextLevel } from '../../../contract/chat';
import { type CampaignChatAnswer, type CampaignChatInput, campaignChatSchema } from '../../../contract/api/chat';
import type { AiProviders } from '../../ai/providers';
import type { DB } from '../../db/schema';
import { linkedDatasetIds, type CampaignAccess } from '../ownership';
import { CONTEXT_BUDGETS, searchPassages, toAiPassage } from '../retrieval';
import { generateAnswer, providerFailure } from './ai-failure';
import { recordPassages } from './campaign-records';
import { citationsFromPassages, placeCitations } from './citations';
import { questionInConversation, saveAnswer } from './conversations';
import { sendOpeningFirst } from './opening';
import { campaignSystemPrompt } from './prompts';
import { requireCampaignBudget } from '../usage/campaign-budget';
import { recordSearchUsage } from './usage-records';
import { chatAnswer } from './exchange';

export type { CampaignChatInput } from '../../../contract/api/chat';

export interface AnswerOptions {
  /** Each piece of the answer as it is written. */
  onText?: (delta: string) => void;
  signal?: AbortSignal;
}

/**
 * A campaign question, checked, ready to be answered. The HTTP door prepares first (so bad
 * input and missing rows still answer with their own status) and only then opens a stream;
 * the passages are searched inside `answer`, after the engine's opening text has gone out.
 */
export interface PreparedCampaignChat {
  contextLevel: ContextLevel;
  answer(options?: AnswerOptions): Promise<CampaignChatAnswer>;
}

/**
 * For a player (or the GM viewing as one) the search reads only passages players may see: the
 * audience is part of the search scope, so hidden passages are never candidates, and the
 * answer, its citations and its token counts are made from visible passages alone. The
 * conversation is the caller's own (a player's are never the GM's, nor another player's).
 */
export async function prepareCampaignChat(db: Kysely<DB>, access: CampaignAccess, ai: AiProviders, input: CampaignChatInput): Promise<PreparedCampaignChat> {
  const askedAt = new Date();
  const { query, conversation_id, context_level } = campaignChatSchema.parse(input);
  const { campaign, userId, ownerId, audience } = access;
  const campaignId = campaign.id;
  // A player's question is refused before any work once the campaign's monthly budget is spent.
  await requireCampaignBudget(db, access);
  const owner = { kind: 'campaign_chat' as const, campaignId, audience };
  const { exchange, history, previousQuestion } = await questionInConversation(db, userId, owner, conversation_id, query, askedAt);

  // Read the links now, at question time: a tome unlinked a second ago is not searched.
  const datasetIds = await linkedDatasetIds(db, ownerId, campaignId);
  const tomeCount = audience === 'player' ? await tomesWithVisibleDocuments(db, ownerId, datasetIds) : datasetIds.length;
  // Searched when the answer starts, so a stream is open (and shows text) while retrieval runs.
  const findPassages = () =>
    searchPassages(db, {
      scope: { userId: ownerId, datasetIds, audience },
      query,
      contextQuery: previousQuestion,
      embedder: ai.embedder,
      reranker: ai.reranker,
      level: context_level,
    }).catch((error: unknown) => {
      throw providerFailure(error);
    });

  return {
    contextLevel: context_level,
    async answer(options: AnswerOptions = {}) {
      const onText = await sendOpeningFirst(ai.generator.opening, options.onText);
      const [search, records] = await Promise.all([findPassages(), recordPassages(db, access, query, ai.embedder)]);
      await recordSearchUsage(db, userId, search, campaignId);
      // The campaign's own record first: "what happened last session?" is about it, not the rulebook.
      const passages = [...records, ...search.passages];
      const { result, durationMs } = await generateAnswer(ai.generator, {
        system: campaignSystemPrompt(campaign, context_level, tomeCount),
        messages: [...history, { role: 'user', content: query, passages: passages.map(toAiPassage) }],
        maxTokens: CONTEXT_BUDGETS[context_level].answerTokens,
        onText,
        signal: options.signal,
      });
      const citations = await placeCitations(db, access, citationsFromPassages(result.citations, passages), passages);
      const saved = await saveAnswer(db, { ...exchange, answer: result.text, citations, result, durationMs, feature: 'campaign_chat', campaignId });
      return chatAnswer(result, citations, saved);
    },
  };
}

/** Question in, whole answer out (scripts and the no-JavaScript form). */
export async function askCampaign(
  db: Kysely<DB>,
  access: CampaignAccess,
  ai: AiProviders,
  input: CampaignChatInput,
  options: AnswerOptions = {},
): Promise<CampaignChatAnswer> {
  const prepared = await prepareCampaignChat(db, access, ai, input);
  return prepared.answer(options);
}

/** How many of the linked tomes hold a document players may read (so the prompt counts no tome that is all secrets). */
async function tomesWithVisibleDocuments(db: Kysely<DB>, ownerId: string, datasetIds: string[]): Promise<number> {
  if (datasetIds.length === 0) return 0;
  const rows = await db
    .selectFrom('documents')
    .select('dataset_id')
    .distinct()
    .where('user_id', '=', ownerId)
    .where('dataset_id', 'in', datasetIds)
    .where('player_visible', '=', true)
    .where('status', '=', 'ready')
    .execute();
  return rows.length;
}
