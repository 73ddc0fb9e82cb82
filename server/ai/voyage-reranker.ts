import { AiProviderError } from './errors';
import type { Reranker, RerankResult } from './types';
import { VoyageCalls } from './voyage';

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
  private readonly voyage: VoyageCalls;

  constructor(options: VoyageRerankerOptions) {
    this.model = options.model;
    this.voyage = new VoyageCalls(options, options.timeoutMs ?? 15_000);
  }

  async rerank(query: string, documents: string[]): Promise<RerankResult> {
    if (documents.length === 0 || query.trim() === '') return { scores: documents.map(() => 0), tokens: 0 };
    if (documents.length > MAX_DOCUMENTS) throw new AiProviderError('bad_response', 'voyage', `At most ${MAX_DOCUMENTS} documents can be reranked at once.`);
    // The API refuses empty strings; a blank candidate has nothing to match anyway.
    const sent = documents.map((text) => (text.trim() === '' ? '-' : text));
    const response = await this.voyage.call((client, options) => client.rerank({ query, documents: sent, model: this.model, truncation: true }, options));
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
