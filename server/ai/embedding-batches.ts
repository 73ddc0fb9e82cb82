import { normaliseOrUniform } from './offline-embedder';
import { estimateTokens } from './token-estimate';
import { EMBEDDING_DIMENSIONS, type EmbedResult } from './types';

/**
 * A provider's embeddings of many texts, a request per batch (planBatches). Blank texts are not
 * sent (the APIs refuse empty strings, and a blank text has nothing to match anyway): each gets
 * the uniform vector.
 */
export async function embedInBatches(
  texts: string[],
  maxSize: number,
  tokenBudget: number,
  embedBatch: (input: string[]) => Promise<EmbedResult>,
): Promise<EmbedResult> {
  const vectors = new Array<number[]>(texts.length);
  const toSend: number[] = [];
  texts.forEach((text, index) => {
    if (text.trim() === '') vectors[index] = normaliseOrUniform(new Array(EMBEDDING_DIMENSIONS).fill(0));
    else toSend.push(index);
  });
  let tokens = 0;
  for (const batch of planBatches(
    toSend.map((index) => texts[index]),
    maxSize,
    tokenBudget,
  )) {
    const result = await embedBatch(batch.map((i) => texts[toSend[i]]));
    tokens += result.tokens;
    batch.forEach((i, position) => {
      vectors[toSend[i]] = result.vectors[position];
    });
  }
  return { vectors, tokens };
}

/** Groups indexes of `texts` into requests of at most `maxSize` texts and about `tokenBudget` tokens. */
export function planBatches(texts: string[], maxSize: number, tokenBudget: number): number[][] {
  const batches: number[][] = [];
  let current: number[] = [];
  let currentTokens = 0;
  texts.forEach((text, index) => {
    const tokens = estimateTokens(text);
    if (current.length > 0 && (current.length >= maxSize || currentTokens + tokens > tokenBudget)) {
      batches.push(current);
      current = [];
      currentTokens = 0;
    }
    current.push(index);
    currentTokens += tokens;
  });
  if (current.length > 0) batches.push(current);
  return batches;
}
