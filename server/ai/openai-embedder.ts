import type OpenAI from 'openai';
import { embedInBatches } from './embedding-batches';
import { Deadline } from './deadline';
import { AiProviderError } from './errors';
import { normaliseOrUniform } from './offline-embedder';
import { type OpenAiEndpoint, openAiClient, openAiFailure } from './openai-client';
import { EMBEDDING_DIMENSIONS, type Embedder, type EmbedResult, type EmbeddingInputType } from './types';

/** Texts per request: local servers embed a batch at a time, and a smaller one keeps each request short. */
const BATCH_SIZE = 64;
/** Estimated tokens per request. */
const BATCH_TOKEN_BUDGET = 32_000;

/**
 * Embeddings from an OpenAI-compatible server (POST /v1/embeddings). The model's dimension is
 * whatever its first answer has; every vector is stored in the library's 512 dimensions
 * (`fitDimensions`, ADR 0295). Stored vectors are tagged `openai:<model>`, so a change of model
 * re-embeds the library and vectors of different models are never compared.
 */
export class OpenAiEmbedder implements Embedder {
  readonly model: string;
  readonly dimensions = EMBEDDING_DIMENSIONS;
  /** The model's own dimension, known after its first answer. */
  nativeDimensions: number | undefined;
  private readonly client: OpenAI;
  private readonly endpoint: OpenAiEndpoint;
  private readonly timeoutMs: number;

  constructor(endpoint: OpenAiEndpoint) {
    this.endpoint = endpoint;
    this.model = openAiEmbeddingTag(endpoint.model);
    this.timeoutMs = endpoint.timeoutMs ?? 60_000;
    this.client = openAiClient(endpoint);
  }

  embed(texts: string[], _inputType: EmbeddingInputType): Promise<EmbedResult> {
    return embedInBatches(texts, BATCH_SIZE, BATCH_TOKEN_BUDGET, (input) => this.embedBatch(input));
  }

  private async embedBatch(input: string[]): Promise<EmbedResult> {
    const deadline = new Deadline(this.timeoutMs, undefined);
    let response;
    try {
      response = await this.client.embeddings.create(
        { model: this.endpoint.model, input, encoding_format: 'float' },
        { signal: deadline.signal, timeout: this.timeoutMs },
      );
    } catch (error) {
      throw openAiFailure(error, this.endpoint, 'embedding model', deadline.expired);
    } finally {
      deadline.dispose();
    }
    const data = [...response.data].sort((a, b) => a.index - b.index);
    const dimensions = data[0]?.embedding?.length ?? 0;
    if (data.length !== input.length || dimensions === 0 || data.some((item) => item.embedding?.length !== dimensions)) {
      throw new AiProviderError(
        'bad_response',
        'openai',
        `The embedding server returned ${data.length} vectors for ${input.length} texts. Check that OPENAI_EMBEDDING_MODEL names an embedding model.`,
      );
    }
    if (this.nativeDimensions !== undefined && this.nativeDimensions !== dimensions) {
      throw new AiProviderError(
        'bad_response',
        'openai',
        `The embedding model ${this.endpoint.model} answered with ${dimensions} dimensions after ${this.nativeDimensions}: the server's model changed. Restart Tomekeeper to re-embed the library.`,
      );
    }
    this.nativeDimensions = dimensions;
    const tokens = response.usage?.total_tokens ?? response.usage?.prompt_tokens ?? 0;
    return { vectors: data.map((item) => fitDimensions(item.embedding)), tokens };
  }
}

export const openAiEmbeddingTag = (model: string) => `openai:${model}`;

/**
 * A vector of any length in the library's 512 dimensions, L2-normalised. A shorter one is padded
 * with zeros, which leaves every cosine as it was. A longer one is folded: coordinate i is added,
 * with a fixed pseudo-random sign, into coordinate i mod 512 (a count sketch), which keeps cosines
 * in expectation with a small error (ADR 0295).
 */
export function fitDimensions(vector: number[]): number[] {
  if (vector.length === EMBEDDING_DIMENSIONS) return normaliseOrUniform(vector);
  const fitted = new Array<number>(EMBEDDING_DIMENSIONS).fill(0);
  for (let i = 0; i < vector.length; i++) {
    const value = Number.isFinite(vector[i]) ? vector[i] : 0;
    fitted[i % EMBEDDING_DIMENSIONS] += i < EMBEDDING_DIMENSIONS ? value : signOf(i) * value;
  }
  return normaliseOrUniform(fitted);
}

/** A fixed ±1 per coordinate (an integer hash's low bit). */
function signOf(i: number): number {
  let x = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x & 1 ? 1 : -1;
}
