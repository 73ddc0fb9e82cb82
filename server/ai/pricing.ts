import type { TokenUsage } from './types';

/** USD per million tokens. */
export interface GenerationPrice {
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
}

const SONNET: GenerationPrice = { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 };

// Matched by prefix, so dated snapshots ("claude-sonnet-4-5-20250929") find their family.
const GENERATION_PRICES: Array<[prefix: string, price: GenerationPrice]> = [
  ['claude-sonnet-4-5', SONNET],
  ['claude-haiku-4-5', { input: 1, output: 5, cacheWrite: 1.25, cacheRead: 0.1 }],
  ['claude-opus-4-1', { input: 15, output: 75, cacheWrite: 18.75, cacheRead: 1.5 }],
];

/** USD per million embedding tokens. */
const EMBEDDING_PRICES: Array<[prefix: string, perMillion: number]> = [
  ['voyage-3.5-lite', 0.02],
  ['voyage-3.5', 0.06],
];

/** USD per million reranking tokens (query tokens x documents + document tokens, as Voyage counts them). */
const RERANK_PRICES: Array<[prefix: string, perMillion: number]> = [
  ['rerank-2.5-lite', 0.02],
  ['rerank-2.5', 0.05],
  ['rerank-2-lite', 0.02],
  ['rerank-2', 0.05],
];

/** USD per million tokens of a model on an OpenAI-compatible server, from OPENAI_PRICES (input only for embedding models). */
export interface ConfiguredPrice {
  input: number;
  output: number;
}

let configuredPrices: Record<string, ConfiguredPrice> = {};

/** The price table set in configuration (OPENAI_PRICES), read at start-up; models not in it cost 0. */
export function setConfiguredPrices(prices: Record<string, ConfiguredPrice>): void {
  configuredPrices = { ...prices };
}

/** Embedding models are recorded as `openai:<model>` (openai-embedder.ts) and priced by their own name. */
function configuredPrice(model: string): ConfiguredPrice | undefined {
  return configuredPrices[model] ?? (model.startsWith('openai:') ? configuredPrices[model.slice('openai:'.length)] : undefined);
}

export function generationPrice(model: string): GenerationPrice | undefined {
  const configured = configuredPrice(model);
  if (configured) return { input: configured.input, output: configured.output, cacheWrite: configured.input, cacheRead: configured.input };
  const known = GENERATION_PRICES.find(([prefix]) => model.startsWith(prefix));
  if (known) return known[1];
  return model.startsWith('claude-') ? SONNET : undefined;
}

export function embeddingPrice(model: string): number | undefined {
  const configured = configuredPrice(model);
  if (configured) return configured.input;
  const known = EMBEDDING_PRICES.find(([prefix]) => model.startsWith(prefix));
  if (known) return known[1];
  // Budgets should over- rather than under-count: unknown Voyage models cost as voyage-3.5.
  return model.startsWith('voyage-') ? 0.06 : undefined;
}

export function rerankPrice(model: string): number | undefined {
  const known = RERANK_PRICES.find(([prefix]) => model.startsWith(prefix));
  if (known) return known[1];
  // As for embeddings: an unknown Voyage reranker costs as the dearer rerank-2.5.
  return model.startsWith('rerank-') ? 0.05 : undefined;
}

/**
 * Cost in USD. Generation models take a TokenUsage; embedding and reranking models take
 * `{ tokens }` (an EmbedResult or RerankResult fits). Unknown claude-* models are priced as
 * Sonnet, unknown voyage-* as voyage-3.5, unknown rerank-* as rerank-2.5; models priced in
 * OPENAI_PRICES at their price; offline and other models (a local server's) cost 0.
 */
export function costOf(model: string, usage: Partial<TokenUsage> | { tokens: number }): number {
  if ('tokens' in usage) {
    const perMillion = embeddingPrice(model) ?? rerankPrice(model);
    return perMillion === undefined ? 0 : (usage.tokens * perMillion) / 1_000_000;
  }
  const price = generationPrice(model);
  if (!price) return 0;
  const micro =
    (usage.inputTokens ?? 0) * price.input +
    (usage.outputTokens ?? 0) * price.output +
    (usage.cacheWriteTokens ?? 0) * price.cacheWrite +
    (usage.cacheReadTokens ?? 0) * price.cacheRead;
  return micro / 1_000_000;
}
