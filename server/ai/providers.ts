import { ClaudeGenerator } from './claude';
import { AiProviderError } from './errors';
import { OFFLINE_EMBEDDING_MODEL, OfflineEmbedder } from './offline-embedder';
import { OfflineGenerator } from './offline-generator';
import { endpointHost } from './openai-client';
import { OpenAiEmbedder } from './openai-embedder';
import { OpenAiGenerator } from './openai-generator';
import type { AiEngine, Embedder, GenerateRequest, GenerateResult, Reranker, TextGenerator } from './types';
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
  /** An OpenAI-compatible server (Ollama, LM Studio, llama.cpp, vLLM, OpenRouter): its /v1 root. */
  openaiBaseUrl?: string;
  openaiApiKey?: string;
  /** The chat model there; with it the server answers (unless an Anthropic key is set). */
  openaiModel?: string;
  /** The embedding model there; with it the server embeds (unless a Voyage key is set). */
  openaiEmbeddingModel?: string;
  openaiTimeoutMs?: number;
  /** 'off' for servers that take no tools: structured answers are asked for as JSON at once. */
  openaiTools?: 'auto' | 'off';
  /** When the answering server fails (unreachable, no such model, context too small, too slow), the offline engine answers meanwhile. */
  offlineFallback?: boolean;
}

export interface AiProviders {
  generator: TextGenerator;
  embedder: Embedder;
  /** Voyage's reranker with a Voyage key; absent or null: retrieval reranks offline (sentence scoring). */
  reranker?: Reranker | null;
  /** The answer engine (the embedder may differ: Claude with the offline embedder is allowed). */
  engine: AiEngine;
  /** Which engine does what, in words (the start-up log and the usage page say it). */
  roles?: { answers: string; embeddings: string; rerank: string };
}

export const DEFAULT_VOYAGE_RERANK_MODEL = 'rerank-2.5-lite';

/**
 * The one place that decides which engine does what, per capability:
 * - answers: Claude with an Anthropic key; else the OpenAI-compatible server when OPENAI_BASE_URL
 *   and OPENAI_MODEL are set; else the offline engine;
 * - embeddings: Voyage with a Voyage key; else the OpenAI-compatible server when OPENAI_BASE_URL
 *   and OPENAI_EMBEDDING_MODEL are set; else the offline embedder;
 * - rerank: Voyage's reranker with a Voyage key; else offline sentence scoring.
 */
export function createAiProviders(config: AiProvidersConfig): AiProviders {
  const openai = config.openaiBaseUrl ? { baseUrl: config.openaiBaseUrl, apiKey: config.openaiApiKey, timeoutMs: config.openaiTimeoutMs } : undefined;
  let generator: TextGenerator;
  if (config.anthropicApiKey) {
    generator = new ClaudeGenerator({ apiKey: config.anthropicApiKey, baseUrl: config.anthropicBaseUrl, model: config.anthropicModel });
  } else if (openai && config.openaiModel) {
    const server = new OpenAiGenerator({ ...openai, model: config.openaiModel, tools: config.openaiTools });
    generator = config.offlineFallback ? new OfflineFallbackGenerator(server) : server;
  } else {
    generator = new OfflineGenerator();
  }
  let embedder: Embedder;
  if (config.voyageApiKey) {
    embedder = new VoyageEmbedder({ apiKey: config.voyageApiKey, baseUrl: config.voyageBaseUrl, model: config.voyageModel });
  } else if (openai && config.openaiEmbeddingModel) {
    embedder = new OpenAiEmbedder({ ...openai, model: config.openaiEmbeddingModel });
  } else {
    embedder = new OfflineEmbedder();
  }
  embedder.standIn = standInsFor(config, openai);
  const reranker: Reranker | null = config.voyageApiKey
    ? new VoyageReranker({ apiKey: config.voyageApiKey, baseUrl: config.voyageBaseUrl, model: config.voyageRerankModel ?? DEFAULT_VOYAGE_RERANK_MODEL })
    : null;
  const where = openai ? ` via OpenAI-compatible server at ${endpointHost(openai.baseUrl)}` : '';
  return {
    generator,
    embedder,
    reranker,
    engine: generator.engine,
    roles: {
      answers:
        generator instanceof OfflineGenerator ? 'offline engine' : generator.engine === 'openai' ? `${generator.model}${where}` : `Claude (${generator.model})`,
      embeddings: embedder instanceof OpenAiEmbedder ? `${config.openaiEmbeddingModel}${where}` : embedder.model,
      rerank: reranker ? reranker.model : 'offline sentence scoring',
    },
  };
}

/**
 * Embedders of earlier models, by the tag their vectors are stored under, as far as this
 * configuration can still make them (the offline embedder always; Voyage's with a Voyage key; an
 * OpenAI-compatible server's model at the configured server): they embed questions while the
 * library is re-embedded for the current model.
 */
function standInsFor(config: AiProvidersConfig, openai: { baseUrl: string; apiKey?: string; timeoutMs?: number } | undefined) {
  const made = new Map<string, Embedder | undefined>();
  const make = (model: string): Embedder | undefined => {
    if (model === OFFLINE_EMBEDDING_MODEL) return new OfflineEmbedder();
    if (model.startsWith('openai:') && openai) return new OpenAiEmbedder({ ...openai, model: model.slice('openai:'.length) });
    if (model.startsWith('voyage-') && config.voyageApiKey) return new VoyageEmbedder({ apiKey: config.voyageApiKey, baseUrl: config.voyageBaseUrl, model });
    return undefined;
  };
  return (model: string): Embedder | undefined => {
    if (!made.has(model)) made.set(model, make(model));
    return made.get(model);
  };
}

/** Failures the offline engine can stand in for: the server, not the request, is at fault. */
const FALLBACK_KINDS = new Set(['unavailable', 'timeout', 'model_missing', 'context_too_small', 'overloaded', 'rate_limited']);

/**
 * The OpenAI-compatible server, and the offline engine answering meanwhile when it fails before
 * its answer has started (OPENAI_OFFLINE_FALLBACK=true). The answer opens with what went wrong;
 * structured requests (which the offline engine cannot make) fail as the server did.
 */
export class OfflineFallbackGenerator implements TextGenerator {
  readonly engine: AiEngine;
  readonly model: string;
  private readonly offline = new OfflineGenerator();

  constructor(private readonly primary: TextGenerator) {
    this.engine = primary.engine;
    this.model = primary.model;
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    let started = false;
    const onText = request.onText
      ? (delta: string) => {
          started = true;
          request.onText?.(delta);
        }
      : undefined;
    try {
      return await this.primary.generate({ ...request, onText });
    } catch (error) {
      if (!(error instanceof AiProviderError) || !FALLBACK_KINDS.has(error.kind) || started || request.tool || request.signal?.aborted) throw error;
      const notice = `> **${error.message}** The offline engine answered meanwhile.\n\n`;
      request.onText?.(notice);
      const result = await this.offline.generate(request);
      return { ...result, text: notice + result.text };
    }
  }
}
