import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ENV_FILE, environmentWithFile, parseEnv } from './env';
import { PROJECT_ROOT } from './project-files';

describe('.env beside package.json', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-env-file-'));
  const names = ['TK_ENV_TEST_FROM_FILE', 'TK_ENV_TEST_SET_BOTH', 'TK_ENV_TEST_QUOTED'];
  afterEach(() => {
    for (const name of names) delete process.env[name];
  });

  it('is the file the settings are read from', () => {
    expect(ENV_FILE).toBe(path.join(PROJECT_ROOT, '.env'));
    expect(fs.existsSync(path.join(path.dirname(ENV_FILE), 'package.json'))).toBe(true);
  });

  it("adds the file's settings, the real environment winning over it", () => {
    const file = path.join(dir, '.env');
    fs.writeFileSync(file, '# a comment\nTK_ENV_TEST_FROM_FILE=3333\nTK_ENV_TEST_SET_BOTH=file\nTK_ENV_TEST_QUOTED="two words"\n');
    process.env.TK_ENV_TEST_SET_BOTH = 'environment';
    const env = environmentWithFile(file);
    expect(env.TK_ENV_TEST_FROM_FILE).toBe('3333');
    expect(env.TK_ENV_TEST_SET_BOTH).toBe('environment');
    expect(env.TK_ENV_TEST_QUOTED).toBe('two words');
    // parseEnv reads what the file set, such as the port.
    expect(parseEnv({ PORT: env.TK_ENV_TEST_FROM_FILE }).PORT).toBe(3333);
  });

  it('is optional', () => {
    expect(environmentWithFile(path.join(dir, 'missing.env'))).toBe(process.env);
  });
});

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

describe('DOCUMENT_READ_TIMEOUT_SECONDS', () => {
  it('is 120 s unless set, and takes a number of seconds', () => {
    expect(parseEnv({}).DOCUMENT_READ_TIMEOUT_SECONDS).toBe(120);
    expect(parseEnv({ DOCUMENT_READ_TIMEOUT_SECONDS: '600' }).DOCUMENT_READ_TIMEOUT_SECONDS).toBe(600);
  });

  it('refuses what is not a number of seconds above 0, naming the setting', () => {
    for (const value of ['0', '-5', 'ten', '100000']) expect(() => parseEnv({ DOCUMENT_READ_TIMEOUT_SECONDS: value })).toThrow(/DOCUMENT_READ_TIMEOUT_SECONDS/);
  });
});
