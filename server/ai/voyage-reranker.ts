import { VoyageAIClient } from 'voyageai';
import { AiProviderError, timeoutError } from './errors';
import type { Reranker, RerankResult } from './types';
import { toProviderError, voyageApiRoot } from './voyage';

export interface VoyageRerankerOptions {
  apiKey: string;
  /** As for the embedder: a bare origin gets /v1 appended. */
  baseUrl?: string;
  model: string;
  maxRetries?: number;
  /** Short: a question waits on it, and the offline reranking stands in when it fails. */
  timeoutMs?: number;
}

/** The API takes at most 1000 documents per request. */
const MAX_DOCUMENTS = 1000;

/** Voyage's reranker (POST /v1/rerank) through the voyageai SDK. */
export class VoyageReranker implements Reranker {
  readonly model: string;
  private readonly client: VoyageAIClient;
  private readonly maxRetries: number;
  private readonly timeoutMs: number;

  constructor(options: VoyageRerankerOptions) {
    this.model = options.model;
    this.maxRetries = options.maxRetries ?? 1;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.client = new VoyageAIClient({
      apiKey: options.apiKey,
      baseUrl: options.baseUrl ? voyageApiRoot(options.baseUrl) : undefined,
      maxRetries: this.maxRetries,
      timeoutInSeconds: this.timeoutMs / 1000 + 5,
    });
  }

  async rerank(query: string, documents: string[]): Promise<RerankResult> {
    if (documents.length === 0 || query.trim() === '') return { scores: documents.map(() => 0), tokens: 0 };
    if (documents.length > MAX_DOCUMENTS) throw new AiProviderError('bad_response', 'voyage', `At most ${MAX_DOCUMENTS} documents can be reranked at once.`);
    // The API refuses empty strings; a blank candidate has nothing to match anyway.
    const sent = documents.map((text) => (text.trim() === '' ? '-' : text));
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), this.timeoutMs);
    let response;
    try {
      response = await this.client.rerank(
        { query, documents: sent, model: this.model, truncation: true },
        { maxRetries: this.maxRetries, abortSignal: deadline.signal },
      );
    } catch (error) {
      throw deadline.signal.aborted ? timeoutError('voyage', error) : toProviderError(error);
    } finally {
      clearTimeout(timer);
    }
    const scores = new Array<number>(documents.length).fill(Number.NaN);
    for (const item of response.data ?? []) {
      if (typeof item.index === 'number' && item.index >= 0 && item.index < documents.length && typeof item.relevanceScore === 'number') {
        scores[item.index] = item.relevanceScore;
      }
    }
    if (scores.some(Number.isNaN)) {
      throw new AiProviderError('bad_response', 'voyage', `The reranking service scored ${(response.data ?? []).length} of ${documents.length} passages.`);
    }
    return { scores, tokens: response.usage?.totalTokens ?? 0 };
  }
}
