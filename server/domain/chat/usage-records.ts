import type { DocumentChatAnswer } from '../../../contract/api/chat';
import type { Kysely } from 'kysely';
import { costOf } from '../../ai/pricing';
import type { GenerateResult } from '../../ai/types';
import type { DB } from '../../db/schema';
import type { SearchResult } from '../retrieval';
import { recordUsage, type UsageFeature } from '../usage/usage';

/** What an answer cost, as the Document Assistant's answer carries it. */
export type GenerationCost = DocumentChatAnswer['usage'];

export function generationCost(result: GenerateResult): GenerationCost {
  const { inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens } = result.usage;
  return {
    total_cost: costOf(result.model, result.usage),
    input_tokens: inputTokens,
    output_tokens: outputTokens,
    cache_read_tokens: cacheReadTokens,
    cache_write_tokens: cacheWriteTokens,
    total_tokens: inputTokens + outputTokens + cacheReadTokens + cacheWriteTokens,
  };
}

export async function recordGeneration(
  db: Kysely<DB>,
  userId: string,
  feature: UsageFeature,
  result: GenerateResult,
  durationMs: number,
  /** The campaign the call was for (a player's use counts against its budget). */
  campaignId: string | null = null,
): Promise<void> {
  await recordUsage(db, {
    userId,
    campaignId,
    feature,
    model: result.model,
    inputTokens: result.usage.inputTokens,
    outputTokens: result.usage.outputTokens,
    cacheReadTokens: result.usage.cacheReadTokens,
    cacheWriteTokens: result.usage.cacheWriteTokens,
    costUsd: costOf(result.model, result.usage),
    durationMs,
  });
}

/**
 * A search's AI calls, each its own usage record: the question's embedding (feature
 * 'embedding') and Voyage's reranking of the candidates (feature 'rerank', its tokens counted
 * as input tokens: the reranker reads the question and the passages and writes nothing).
 */
export async function recordSearchUsage(
  db: Kysely<DB>,
  userId: string,
  search: Pick<SearchResult, 'embedding' | 'rerank'>,
  campaignId: string | null = null,
): Promise<void> {
  const { embedding, rerank } = search;
  if (embedding) await recordUsage(db, { userId, campaignId, feature: 'embedding', embeddingTokens: embedding.tokens, ...searchCall(embedding) });
  if (rerank) await recordUsage(db, { userId, campaignId, feature: 'rerank', inputTokens: rerank.tokens, ...searchCall(rerank) });
}

/** A search call's model, price and time (its tokens are counted by the caller as what they are). */
function searchCall(call: { model: string; tokens: number; durationMs: number }) {
  return { model: call.model, costUsd: costOf(call.model, { tokens: call.tokens }), durationMs: call.durationMs };
}
