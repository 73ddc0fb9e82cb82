import { afterEach, describe, expect, it } from 'vitest';
import { costOf, setConfiguredPrices } from './pricing';

describe('costOf', () => {
  it('prices Claude Sonnet 4.5 input, output and prompt-cache tokens', () => {
    const usage = { inputTokens: 2_000, outputTokens: 500, cacheWriteTokens: 10_000, cacheReadTokens: 40_000 };
    // 2000×3 + 500×15 + 10000×3.75 + 40000×0.30 = 63,000 per million
    expect(costOf('claude-sonnet-4-5', usage)).toBeCloseTo(0.063, 10);
    expect(costOf('claude-sonnet-4-5-20250929', usage)).toBeCloseTo(0.063, 10);
  });

  it('prices Haiku 4.5 and Opus 4.1 per million tokens', () => {
    const million = { inputTokens: 1_000_000, outputTokens: 1_000_000, cacheWriteTokens: 1_000_000, cacheReadTokens: 1_000_000 };
    expect(costOf('claude-haiku-4-5', million)).toBeCloseTo(1 + 5 + 1.25 + 0.1, 10);
    expect(costOf('claude-opus-4-1', million)).toBeCloseTo(15 + 75 + 18.75 + 1.5, 10);
  });

  it('falls back to Sonnet prices for other Claude models', () => {
    expect(costOf('claude-future-9', { inputTokens: 1_000_000 })).toBeCloseTo(3, 10);
  });

  it('prices Voyage embedding tokens', () => {
    expect(costOf('voyage-3.5', { tokens: 1_000_000 })).toBeCloseTo(0.06, 10);
    expect(costOf('voyage-3.5-lite', { tokens: 500_000 })).toBeCloseTo(0.01, 10);
  });

  it('prices Voyage reranking tokens, unknown rerankers as rerank-2.5', () => {
    expect(costOf('rerank-2.5-lite', { tokens: 1_000_000 })).toBeCloseTo(0.02, 10);
    expect(costOf('rerank-2.5', { tokens: 2_000_000 })).toBeCloseTo(0.1, 10);
    expect(costOf('rerank-9', { tokens: 1_000_000 })).toBeCloseTo(0.05, 10);
  });

  it('charges nothing for the offline engines', () => {
    expect(costOf('offline-extractive-v1', { inputTokens: 10_000, outputTokens: 2_000 })).toBe(0);
    expect(costOf('offline-hash-v1', { tokens: 10_000 })).toBe(0);
  });
});

describe('prices set in configuration (OPENAI_PRICES)', () => {
  afterEach(() => setConfiguredPrices({}));

  it("prices an OpenAI-compatible server's models from the table, and local models not in it at 0", () => {
    const usage = { inputTokens: 1_000_000, outputTokens: 2_000_000, cacheWriteTokens: 0, cacheReadTokens: 0 };
    expect(costOf('llama3.1:8b', usage)).toBe(0);
    expect(costOf('openai:nomic-embed-text', { tokens: 1_000_000 })).toBe(0);
    setConfiguredPrices({ 'openai/gpt-4o-mini': { input: 0.15, output: 0.6 }, 'text-embedding-3-small': { input: 0.02, output: 0 } });
    expect(costOf('openai/gpt-4o-mini', usage)).toBeCloseTo(0.15 + 1.2, 10);
    expect(costOf('openai:text-embedding-3-small', { tokens: 1_000_000 })).toBeCloseTo(0.02, 10);
    expect(costOf('llama3.1:8b', usage)).toBe(0);
  });
});
