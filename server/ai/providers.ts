import { ClaudeGenerator } from './claude';
import { OfflineEmbedder } from './offline-embedder';
import { OfflineGenerator } from './offline-generator';
import type { AiEngine, Embedder, Reranker, TextGenerator } from './types';
import { VoyageEmbedder } from './voyage';
import { VoyageReranker } from './voyage-reranker';

export interface AiProvidersConfig {
  anthropicApiKey?: string;
  anthropicBaseUrl?: string;
  anthropicModel: string;
  voyageApiKey?: string;
  voyageBaseUrl?: string;
  voyageModel: string;
  /** Voyage's reranking model; defaults to rerank-2.5-lite. */
  voyageRerankModel?: string;
}

export interface AiProviders {
  generator: TextGenerator;
  embedder: Embedder;
  /** Voyage's reranker with a Voyage key; absent or null: retrieval reranks offline (sentence scoring). */
  reranker?: Reranker | null;
  /** The answer engine (the embedder may differ: Claude with the offline embedder is allowed). */
  engine: AiEngine;
}

export const DEFAULT_VOYAGE_RERANK_MODEL = 'rerank-2.5-lite';

/** Claude when an Anthropic key is set, Voyage (embeddings and reranking) when a Voyage key is set; the offline engines otherwise. */
export function createAiProviders(config: AiProvidersConfig): AiProviders {
  const generator: TextGenerator = config.anthropicApiKey
    ? new ClaudeGenerator({ apiKey: config.anthropicApiKey, baseUrl: config.anthropicBaseUrl, model: config.anthropicModel })
    : new OfflineGenerator();
  const embedder: Embedder = config.voyageApiKey
    ? new VoyageEmbedder({ apiKey: config.voyageApiKey, baseUrl: config.voyageBaseUrl, model: config.voyageModel })
    : new OfflineEmbedder();
  const reranker: Reranker | null = config.voyageApiKey
    ? new VoyageReranker({ apiKey: config.voyageApiKey, baseUrl: config.voyageBaseUrl, model: config.voyageRerankModel ?? DEFAULT_VOYAGE_RERANK_MODEL })
    : null;
  return { generator, embedder, reranker, engine: generator.engine };
}
