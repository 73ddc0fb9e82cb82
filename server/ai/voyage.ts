import { VoyageAIClient, VoyageAIError, VoyageAITimeoutError } from 'voyageai';
import { AiProviderError, aiErrorFromStatus, timeoutError, unreachableError } from './errors';
import { normaliseOrUniform } from './offline-embedder';
import { embedInBatches } from './embedding-batches';
import { EMBEDDING_DIMENSIONS, type Embedder, type EmbedResult, type EmbeddingInputType } from './types';

export interface VoyageEmbedderOptions {
  apiKey: string;
  /** e.g. http://host:port or http://host:port/v1; a bare origin gets /v1 appended. */
  baseUrl?: string;
  model: string;
  maxRetries?: number;
  timeoutMs?: number;
  /** The API accepts at most 128 texts per request. */
  batchSize?: number;
  /** Estimated tokens per request; well under the API's limit because our estimate is rough. */
  batchTokenBudget?: number;
}

const MAX_BATCH_SIZE = 128;
const DEFAULT_BATCH_TOKEN_BUDGET = 100_000;

/**
 * The voyageai SDK's client, and its calls made under our own deadline: the SDK's timeout surfaces
 * as an unlabelled error ("timeout" as an abort reason), so its own is only a backstop.
 */
export class VoyageCalls {
  private readonly client: VoyageAIClient;
  private readonly maxRetries: number;
  private readonly timeoutMs: number;

  constructor(options: { apiKey: string; baseUrl?: string; maxRetries?: number }, timeoutMs: number) {
    this.maxRetries = options.maxRetries ?? 1;
    this.timeoutMs = timeoutMs;
    this.client = new VoyageAIClient({
      apiKey: options.apiKey,
      baseUrl: options.baseUrl ? voyageApiRoot(options.baseUrl) : undefined,
      maxRetries: this.maxRetries,
      timeoutInSeconds: timeoutMs / 1000 + 5,
    });
  }

  /** One SDK call, its failure as our AiProviderError. */
  async call<T>(request: (client: VoyageAIClient, options: { maxRetries: number; abortSignal: AbortSignal }) => Promise<T>): Promise<T> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), this.timeoutMs);
    try {
      return await request(this.client, { maxRetries: this.maxRetries, abortSignal: deadline.signal });
    } catch (error) {
      throw deadline.signal.aborted ? timeoutError('voyage', error) : toProviderError(error);
    } finally {
      clearTimeout(timer);
    }
  }
}

export class VoyageEmbedder implements Embedder {
  readonly model: string;
  readonly dimensions = EMBEDDING_DIMENSIONS;
  private readonly voyage: VoyageCalls;
  private readonly batchSize: number;
  private readonly batchTokenBudget: number;

  constructor(options: VoyageEmbedderOptions) {
    this.model = options.model;
    this.voyage = new VoyageCalls(options, options.timeoutMs ?? 60_000);
    this.batchSize = Math.min(options.batchSize ?? MAX_BATCH_SIZE, MAX_BATCH_SIZE);
    this.batchTokenBudget = options.batchTokenBudget ?? DEFAULT_BATCH_TOKEN_BUDGET;
  }

  embed(texts: string[], inputType: EmbeddingInputType): Promise<EmbedResult> {
    return embedInBatches(texts, this.batchSize, this.batchTokenBudget, (input) => this.embedBatch(input, inputType));
  }

  private async embedBatch(input: string[], inputType: EmbeddingInputType): Promise<EmbedResult> {
    const response = await this.voyage.call((client, options) =>
      client.embed({ input, model: this.model, inputType, outputDimension: EMBEDDING_DIMENSIONS }, options),
    );
    const data = [...(response.data ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    if (data.length !== input.length || data.some((item) => item.embedding?.length !== EMBEDDING_DIMENSIONS)) {
      throw new AiProviderError(
        'bad_response',
        'voyage',
        `The embedding service returned ${data.length} vectors of ${data[0]?.embedding?.length ?? 0} dimensions; expected ${input.length} of ${EMBEDDING_DIMENSIONS}.`,
      );
    }
    return {
      vectors: data.map((item) => normaliseOrUniform(item.embedding as number[])),
      tokens: response.usage?.totalTokens ?? 0,
    };
  }
}

export function voyageApiRoot(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/v1';
  return url.toString().replace(/\/$/, '');
}

/** An SDK failure as our AiProviderError (timeouts, unreachable, HTTP status with Voyage's detail). */
export function toProviderError(error: unknown): unknown {
  if (error instanceof VoyageAITimeoutError) return timeoutError('voyage', error);
  if (error instanceof VoyageAIError) {
    if (error.statusCode === undefined) return unreachableError('voyage', error);
    return aiErrorFromStatus('voyage', error.statusCode, detailOf(error.body), undefined, error);
  }
  if (error instanceof TypeError) return unreachableError('voyage', error);
  return error;
}

function detailOf(body: unknown): string | undefined {
  if (typeof body === 'string') {
    const text = body.trim();
    // Proxies answer with HTML pages; those say nothing useful to a GM.
    return text === '' || text.startsWith('<') ? undefined : text.slice(0, 300);
  }
  if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string') return body.detail;
  return undefined;
}
