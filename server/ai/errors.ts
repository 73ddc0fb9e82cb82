export type AiProviderName = 'anthropic' | 'voyage' | 'openai' | 'offline';

export type AiFailureKind =
  | 'timeout'
  | 'overloaded'
  | 'rate_limited'
  | 'rejected'
  | 'auth'
  | 'unavailable'
  | 'aborted'
  | 'unsupported'
  | 'bad_response'
  /** The configured model does not exist on the server (OpenAI-compatible servers). */
  | 'model_missing'
  /** The request does not fit the model's context window. */
  | 'context_too_small';

const STATUS_BY_KIND: Record<AiFailureKind, number> = {
  timeout: 504,
  overloaded: 503,
  rate_limited: 503,
  rejected: 502,
  auth: 502,
  unavailable: 502,
  aborted: 499,
  unsupported: 501,
  bad_response: 502,
  model_missing: 502,
  context_too_small: 502,
};

/**
 * A failure of an AI provider, worded for a game master. `status` is the HTTP status
 * our own API should answer with; `message` is safe to show as is.
 */
export class AiProviderError extends Error {
  readonly kind: AiFailureKind;
  readonly provider: AiProviderName;
  readonly status: number;
  readonly retryable: boolean;

  constructor(kind: AiFailureKind, provider: AiProviderName, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AiProviderError';
    this.kind = kind;
    this.provider = provider;
    this.status = STATUS_BY_KIND[kind];
    this.retryable = kind === 'timeout' || kind === 'overloaded' || kind === 'rate_limited' || kind === 'unavailable';
  }
}

function serviceName(provider: AiProviderName): string {
  return provider === 'voyage' ? 'The embedding service' : 'The AI service';
}

export function timeoutError(provider: AiProviderName, cause?: unknown): AiProviderError {
  return new AiProviderError('timeout', provider, `${serviceName(provider)} did not answer in time. Try again in a minute.`, {
    cause,
  });
}

export function abortedError(provider: AiProviderName, cause?: unknown): AiProviderError {
  return new AiProviderError('aborted', provider, `The request to ${serviceName(provider).toLowerCase()} was cancelled.`, {
    cause,
  });
}

export function unreachableError(provider: AiProviderName, cause?: unknown): AiProviderError {
  return new AiProviderError('unavailable', provider, `${serviceName(provider)} could not be reached. Check the server's network connection and try again.`, {
    cause,
  });
}

/** Turns an HTTP status (and the provider's own message and error type) into our error. */
export function aiErrorFromStatus(
  provider: AiProviderName,
  status: number | undefined,
  detail: string | undefined,
  errorType?: string | null,
  cause?: unknown,
): AiProviderError {
  const service = serviceName(provider);
  const suffix = detail ? `: ${detail}` : '.';
  if (status === 529 || errorType === 'overloaded_error') {
    return new AiProviderError('overloaded', provider, `${service} is overloaded right now. Try again in a minute.`, { cause });
  }
  if (status === 429 || errorType === 'rate_limit_error') {
    return new AiProviderError('rate_limited', provider, `${service} is receiving too many requests from this server. Try again in a minute.`, { cause });
  }
  if (status === 408 || status === 504 || errorType === 'timeout_error') {
    return timeoutError(provider, cause);
  }
  if (status === 401 || status === 403 || errorType === 'authentication_error' || errorType === 'permission_error') {
    const keyName = provider === 'voyage' ? 'VOYAGE_API_KEY' : 'ANTHROPIC_API_KEY';
    return new AiProviderError('auth', provider, `${service} rejected the API key (${keyName})${suffix}`, { cause });
  }
  if (status !== undefined && status >= 400 && status < 500) {
    return new AiProviderError('rejected', provider, `${service} rejected the request${suffix}`, { cause });
  }
  const code = status === undefined ? '' : ` (error ${status})`;
  return new AiProviderError('unavailable', provider, `${service} failed to answer${code}. Try again in a minute.`, {
    cause,
  });
}
