import { AiProviderError } from '../../ai/errors';
import type { GenerateRequest, GenerateResult, TextGenerator } from '../../ai/types';
import { DomainError } from '../errors';

/**
 * A provider failure becomes the answer of our own API: 504 when it timed out, 503 when it is
 * overloaded or rate limited, 502 for anything else it did wrong; the message is already
 * worded for a game master. Anything else passes through untouched.
 */
export function providerFailure(error: unknown): unknown {
  if (!(error instanceof AiProviderError)) return error;
  const status = error.status === 504 ? 504 : error.status === 503 ? 503 : 502;
  return new DomainError(status, error.message);
}

/** The generator's answer and how long it took, a provider failure turned into our own (providerFailure). */
export async function generateAnswer(generator: TextGenerator, request: GenerateRequest): Promise<{ result: GenerateResult; durationMs: number }> {
  const started = performance.now();
  const result = await generator.generate(request).catch((error: unknown) => {
    throw providerFailure(error);
  });
  return { result, durationMs: performance.now() - started };
}
