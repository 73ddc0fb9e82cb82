/** The AI provider layer's contracts: every feature talks to these, never to an SDK. */

import type { ZodType } from 'zod';

/** claude: Anthropic's API; openai: any OpenAI-compatible server (Ollama, LM Studio, vLLM...); offline: no model. */
export type AiEngine = 'claude' | 'openai' | 'offline';

/** Engines that are a language model (they write, and answer structured requests). */
export const isModelEngine = (engine: AiEngine | string | null): boolean => engine === 'claude' || engine === 'openai';

/** A retrieved search result handed to the model as something it may cite. */
export interface Passage {
  sourceId: string;
  title: string;
  content: string;
  documentId?: string;
  datasetId?: string;
  page?: number | null;
  headingPath?: string;
}

export type ChatTurn =
  | {
      role: 'user';
      content: string;
      /**
       * Search results for this turn, normally only on the last user turn.
       * Citation `passageIndex` counts across all turns' passages in order, so with
       * passages only on the last turn it is simply the index into that array.
       */
      passages?: Passage[];
    }
  | { role: 'assistant'; content: string };

/** A whole document sent once as a cached block (document chat). */
export interface CachedDocument {
  sourceId: string;
  title: string;
  content: string;
}

/** A JSON object schema, as the Messages API expects for tool input. */
export interface JsonObjectSchema {
  type: 'object';
  properties?: Record<string, unknown>;
  required?: string[];
  [keyword: string]: unknown;
}

/** Forces the model to answer by "calling" this tool; its input is the structured result. */
export interface StructuredOutputTool {
  name: string;
  description: string;
  inputSchema: JsonObjectSchema;
  /**
   * Checks the structured answer. Engines that cannot force a tool call (an OpenAI-compatible
   * server without tool support) ask for a JSON answer instead and, when this refuses it, ask
   * once more with the complaint.
   */
  schema?: ZodType;
}

export interface GenerateRequest {
  system: string;
  messages: ChatTurn[];
  maxTokens: number;
  /** Called with each piece of answer text as it arrives; the pieces concatenate to `result.text`. */
  onText?: (delta: string) => void;
  /** Mark the system prompt as a prompt-cache breakpoint (worth it when it is long and reused). */
  cacheSystem?: boolean;
  /** Sent ahead of the first user turn as a cached, citable document. */
  cacheDocument?: CachedDocument;
  tool?: StructuredOutputTool;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface Citation {
  /** Index into the request's passages (see ChatTurn), or -1 when the quote is from `cacheDocument`. */
  passageIndex: number;
  sourceId: string;
  /** The cited words, verbatim from the passage or document whenever the provider allows it. */
  quote: string;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

export interface GenerateResult {
  /** Markdown. Cited statements end with markers `[n]`, where n is the 1-based index into `citations`. */
  text: string;
  citations: Citation[];
  usage: TokenUsage;
  model: string;
  engine: AiEngine;
  /** Which model answered, and where, as the answer shows it ("llama3.1:8b via OpenAI-compatible server at localhost:11434"). */
  label?: string;
  /** The structured answer when `tool` was requested. */
  toolInput?: unknown;
}

export interface TextGenerator {
  engine: AiEngine;
  model: string;
  /**
   * Text every streamed answer of this engine opens with, known before any passage is found (the
   * offline engine's note). A stream may send it while retrieval still runs.
   */
  readonly opening?: string;
  generate(request: GenerateRequest): Promise<GenerateResult>;
}

export type EmbeddingInputType = 'document' | 'query';

/** Fixed by the database column (vector(512)). */
export const EMBEDDING_DIMENSIONS = 512;

export interface EmbedResult {
  /** One L2-normalised vector per input text, in input order. */
  vectors: number[][];
  tokens: number;
}

export interface Embedder {
  model: string;
  dimensions: typeof EMBEDDING_DIMENSIONS;
  /**
   * An embedder of an earlier model whose vectors the library still holds (by their stored tag),
   * if it can still be made: questions are embedded with it while the library is re-embedded.
   */
  standIn?: (model: string) => Embedder | undefined;
  embed(texts: string[], inputType: EmbeddingInputType): Promise<EmbedResult>;
}

export interface RerankResult {
  /** One relevance score per input document, in input order (higher is more relevant). */
  scores: number[];
  tokens: number;
}

/** A second-stage scorer of retrieval candidates against the question (Voyage's reranker). */
export interface Reranker {
  model: string;
  rerank(query: string, documents: string[]): Promise<RerankResult>;
}
