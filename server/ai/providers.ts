import { ClaudeGenerator } from './claude';
import { OfflineEmbedder } from './offline-embedder';
import { OfflineGenerator } from './offline-generator';
import type { AiEngine, Embedder, TextGenerator } from './types';
import { VoyageEmbedder } from './voyage';

export interface AiProvidersConfig {
  anthropicApiKey?: string;
  anthropicBaseUrl?: string;
  anthropicModel: string;
  voyageApiKey?: string;
  voyageBaseUrl?: string;
  voyageModel: string;
}

export interface AiProviders {
  generator: TextGenerator;
  embedder: Embedder;
  /** The answer engine (the embedder may differ: Claude with the offline embedder is allowed). */
  engine: AiEngine;
}

/** Claude when an Anthropic key is set, Voyage when a Voyage key is set; the offline engines otherwise. */
export function createAiProviders(config: AiProvidersConfig): AiProviders {
  const generator: TextGenerator = config.anthropicApiKey
    ? new ClaudeGenerator({ apiKey: config.anthropicApiKey, baseUrl: config.anthropicBaseUrl, model: config.anthropicModel })
    : new OfflineGenerator();
  const embedder: Embedder = config.voyageApiKey
    ? new VoyageEmbedder({ apiKey: config.voyageApiKey, baseUrl: config.voyageBaseUrl, model: config.voyageModel })
    : new OfflineEmbedder();
  return { generator, embedder, engine: generator.engine };
}
