import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, OpenAIError } from 'openai';
import { abortedError, AiProviderError, aiErrorFromStatus } from './errors';

/** Where an OpenAI-compatible server is and which model answers there. */
export interface OpenAiEndpoint {
  /** e.g. http://localhost:11434/v1 (Ollama) or http://localhost:1234/v1 (LM Studio). */
  baseUrl: string;
  /** Optional: Ollama and LM Studio need none. */
  apiKey?: string;
  model: string;
  /** How long to wait for an answer to start (and for a whole structured answer). */
  timeoutMs?: number;
  /** SDK retries on 429/5xx/connection errors. Kept small: a GM is waiting. */
  maxRetries?: number;
}

export const DEFAULT_OPENAI_TIMEOUT_MS = 120_000;

export function openAiClient(endpoint: OpenAiEndpoint): OpenAI {
  return new OpenAI({
    baseURL: endpoint.baseUrl,
    // The SDK refuses to start without a key; local servers ignore whatever is sent.
    apiKey: endpoint.apiKey ?? 'not-needed',
    maxRetries: endpoint.maxRetries ?? 1,
    timeout: endpoint.timeoutMs ?? DEFAULT_OPENAI_TIMEOUT_MS,
  });
}

/** "localhost:11434": the server as the answer's label and the error messages name it. */
export function endpointHost(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** What every answer says about its engine: "llama3.1:8b via OpenAI-compatible server at localhost:11434". */
export function openAiEngineLabel(endpoint: Pick<OpenAiEndpoint, 'baseUrl' | 'model'>): string {
  return `${endpoint.model} via OpenAI-compatible server at ${endpointHost(endpoint.baseUrl)}`;
}

const CONTEXT_WORDS = /context (length|window|size)|maximum context|n_ctx|too many tokens|prompt is too long|exceeds? the (available )?(context|token)/i;
const TOOL_WORDS = /\btools?\b|function[ _]call|tool_choice/i;

/** A 400 (or 422/500) that says the server or model cannot take `tools`: the JSON-answer fallback applies. */
export function refusesTools(error: unknown): boolean {
  if (!(error instanceof APIError) || error.status === undefined) return false;
  if (error.status !== 400 && error.status !== 422 && error.status !== 500 && error.status !== 501) return false;
  const text = `${error.message} ${JSON.stringify(error.error ?? '')}`;
  return TOOL_WORDS.test(text) && !CONTEXT_WORDS.test(text);
}

/**
 * An SDK failure as our AiProviderError, each worded to say what to check: the server not
 * running or the wrong OPENAI_BASE_URL, a model that is not there, a context window too small
 * for the request, a server too slow for the deadline.
 */
export function openAiFailure(error: unknown, endpoint: Pick<OpenAiEndpoint, 'baseUrl' | 'model'>, what: 'model' | 'embedding model', timedOut: boolean): unknown {
  if (error instanceof AiProviderError) return error;
  const host = endpointHost(endpoint.baseUrl);
  const setting = what === 'model' ? 'OPENAI_MODEL' : 'OPENAI_EMBEDDING_MODEL';
  if (timedOut || error instanceof APIConnectionTimeoutError) {
    return new AiProviderError(
      'timeout',
      'openai',
      `The OpenAI-compatible server at ${host} did not answer in time. Check that ${endpoint.model} is loaded and the machine is not busy, or raise OPENAI_TIMEOUT_MS.`,
      { cause: error },
    );
  }
  if (error instanceof APIUserAbortError || (error instanceof DOMException && error.name === 'AbortError')) return abortedError('openai', error);
  if (error instanceof APIConnectionError) {
    return new AiProviderError(
      'unavailable',
      'openai',
      `The OpenAI-compatible server at ${host} could not be reached. Check that it is running and that OPENAI_BASE_URL (${endpoint.baseUrl}) is right.`,
      { cause: error },
    );
  }
  if (error instanceof APIError) {
    const detail = detailOf(error);
    if (error.status === 404 || (error.status === 400 && /model/i.test(detail) && /not (found|exist)|unknown|no such/i.test(detail))) {
      return new AiProviderError(
        'model_missing',
        'openai',
        `The OpenAI-compatible server at ${host} has no ${what} "${endpoint.model}". Check ${setting} (with Ollama: ollama pull ${endpoint.model}).`,
        { cause: error },
      );
    }
    if ((error.status === 400 || error.status === 413 || error.status === 500) && CONTEXT_WORDS.test(detail)) {
      return new AiProviderError(
        'context_too_small',
        'openai',
        `The request does not fit ${endpoint.model}'s context window at ${host}. Choose a lower context level, or give the model a larger context (Ollama: num_ctx or OLLAMA_CONTEXT_LENGTH; LM Studio: Context Length).`,
        { cause: error },
      );
    }
    if (error.status === 401 || error.status === 403) {
      return new AiProviderError('auth', 'openai', `The OpenAI-compatible server at ${host} rejected the API key: check OPENAI_API_KEY.`, { cause: error });
    }
    return aiErrorFromStatus('openai', error.status, detail || undefined, undefined, error);
  }
  if (error instanceof OpenAIError) {
    return new AiProviderError('bad_response', 'openai', `The OpenAI-compatible server at ${host} sent an answer that could not be read. Try again.`, {
      cause: error,
    });
  }
  // Anything else (a failing onText callback, a bug) is not the provider's fault: leave it alone.
  return error;
}

function detailOf(error: InstanceType<typeof APIError>): string {
  const body = error.error as { message?: unknown; error?: unknown } | undefined;
  const fromBody = typeof body?.message === 'string' ? body.message : typeof body?.error === 'string' ? body.error : '';
  const text = (fromBody || error.message || '').trim();
  return text.startsWith('<') ? '' : text.slice(0, 300);
}
