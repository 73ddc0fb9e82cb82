import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('the OpenAI-compatible settings', () => {
  it('reads the server, its models, the fallback and the price table', () => {
    const env = parseEnv({
      OPENAI_BASE_URL: 'http://localhost:11434/v1',
      OPENAI_MODEL: 'llama3.1:8b',
      OPENAI_EMBEDDING_MODEL: 'nomic-embed-text',
      OPENAI_OFFLINE_FALLBACK: 'true',
      OPENAI_PRICES: '{"gpt-4o-mini":{"input":0.15,"output":0.6},"text-embedding-3-small":{"input":0.02}}',
    });
    expect(env.OPENAI_BASE_URL).toBe('http://localhost:11434/v1');
    expect(env.OPENAI_API_KEY).toBeUndefined();
    expect(env.OPENAI_OFFLINE_FALLBACK).toBe(true);
    expect(env.OPENAI_TOOLS).toBe('auto');
    expect(env.OPENAI_PRICES).toEqual({ 'gpt-4o-mini': { input: 0.15, output: 0.6 }, 'text-embedding-3-small': { input: 0.02, output: 0 } });
    expect(parseEnv({}).OPENAI_PRICES).toEqual({});
    expect(parseEnv({}).OPENAI_OFFLINE_FALLBACK).toBe(false);
  });

  it('refuses a base URL that is not a URL and a price table that is not one, naming the setting', () => {
    expect(() => parseEnv({ OPENAI_BASE_URL: 'localhost 11434' })).toThrow(/OPENAI_BASE_URL/);
    expect(() => parseEnv({ OPENAI_PRICES: '{"m": 3}' })).toThrow(/OPENAI_PRICES: must be JSON like/);
    expect(() => parseEnv({ OPENAI_PRICES: 'not json' })).toThrow(/OPENAI_PRICES/);
  });
});
