import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FakeOpenAi, fakeOpenAiEmbedding, numberedSourcesIn, startFakeOpenAi } from '../../tests/support/fake-openai';
import { AiProviderError } from './errors';
import { OpenAiEmbedder, fitDimensions } from './openai-embedder';
import { OpenAiGenerator } from './openai-generator';
import type { Passage, StructuredOutputTool } from './types';

const passages: Passage[] = [
  { sourceId: '11', title: 'Gazetteer.md', content: 'Saltmere is a fishing town. The Drowned Gate lies beneath its harbour.', page: 4 },
  { sourceId: '12', title: 'Bestiary.md', content: 'Kelp hags lure sailors. They fear fire above all.' },
];

const tool: StructuredOutputTool = {
  name: 'record_things',
  description: 'Record the things.',
  inputSchema: { type: 'object', properties: { things: { type: 'array', items: { type: 'string' } } }, required: ['things'] },
  schema: z.object({ things: z.array(z.string()) }),
};

describe('OpenAiGenerator against a fake OpenAI-compatible server', () => {
  let fake: FakeOpenAi;
  const generator = () => new OpenAiGenerator({ baseUrl: fake.baseUrl, model: 'llama3.1:8b', maxRetries: 0 });

  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  beforeEach(() => fake.reset());
  afterAll(() => fake.close());

  it('streams the answer, sends the passages numbered and maps each cited number to a verbatim quote', async () => {
    const deltas: string[] = [];
    const result = await generator().generate({
      system: 'You help a game master.',
      messages: [{ role: 'user', content: 'What lies beneath Saltmere?', passages }],
      maxTokens: 300,
      onText: (delta) => deltas.push(delta),
    });
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe('According to your tomes: Saltmere is a fishing town. [1]');
    const sent = fake.requests[0].body;
    expect(sent.stream).toBe(true);
    expect(numberedSourcesIn(sent).map((s) => s.content)).toEqual(passages.map((p) => p.content));
    expect(sent.messages?.[0]).toMatchObject({ role: 'system' });
    expect(String(sent.messages?.[0].content)).toContain('numbered [1]');
    expect(result.citations).toEqual([{ passageIndex: 0, sourceId: '11', quote: 'Saltmere is a fishing town.' }]);
    expect(result.text).toBe('According to your tomes: Saltmere is a fishing town. [1]');
    expect(result.engine).toBe('openai');
    expect(result.label).toMatch(/^llama3\.1:8b via OpenAI-compatible server at 127\.0\.0\.1:\d+$/);
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
  });

  it('renumbers markers as citations, keeps quotes found in their passage and drops numbers and quotes that are not', async () => {
    fake.setNext({
      kind: 'answer',
      text: 'Kelp hags "fear fire above all" [2]. The gate is "made of solid gold" [1]. Dragons rule the sky [7]. Saltmere has a harbour gate [1].',
    });
    const result = await generator().generate({ system: '', messages: [{ role: 'user', content: 'Tell me', passages }], maxTokens: 300 });
    expect(result.citations).toEqual([
      { passageIndex: 1, sourceId: '12', quote: 'fear fire above all' },
      // The invented quote is not in passage 1: its sentence sharing most words stands instead.
      { passageIndex: 0, sourceId: '11', quote: 'The Drowned Gate lies beneath its harbour.' },
    ]);
    expect(result.text).toBe('Kelp hags "fear fire above all" [1]. The gate is "made of solid gold" [2]. Dragons rule the sky. Saltmere has a harbour gate [2].');
    for (const citation of result.citations) expect(passages[citation.passageIndex].content).toContain(citation.quote);
  });

  it('answers a structured request with a forced tool call', async () => {
    fake.setNext({ kind: 'tool', args: { things: ['a', 'b'] } });
    const result = await generator().generate({ system: 'Read.', messages: [{ role: 'user', content: 'text' }], maxTokens: 200, tool });
    expect(result.toolInput).toEqual({ things: ['a', 'b'] });
    expect(fake.requests[0].body.tool_choice).toEqual({ type: 'function', function: { name: 'record_things' } });
  });

  it('falls back to a JSON answer where the server takes no tools, repairs one bad answer, and remembers', async () => {
    fake.configure({ tools: false });
    fake.setNext({ kind: 'answer', text: 'Here you go: {"things": "not a list"}' });
    fake.setNext({ kind: 'answer', text: '```json\n{"things": ["kelp hag"]}\n```' });
    const g = generator();
    const result = await g.generate({ system: 'Read.', messages: [{ role: 'user', content: 'text' }], maxTokens: 200, tool });
    expect(result.toolInput).toEqual({ things: ['kelp hag'] });
    expect(fake.requests.map((r) => Boolean(r.body.tools))).toEqual([true, false, false]);
    const repair = fake.requests[2].body.messages ?? [];
    expect(String(repair.at(-1)?.content)).toContain('things');
    expect(result.usage.inputTokens).toBeGreaterThan(0);

    fake.setNext({ kind: 'answer', text: '{"things": []}' });
    await g.generate({ system: 'Read.', messages: [{ role: 'user', content: 'text' }], maxTokens: 200, tool });
    expect(fake.requests.slice(3).map((r) => Boolean(r.body.tools))).toEqual([false]);
  });

  it('gives up after one repair with a message saying so', async () => {
    fake.configure({ tools: false });
    fake.setNext({ kind: 'answer', text: 'no json here' }, { times: 2 });
    const error = await generator()
      .generate({ system: '', messages: [{ role: 'user', content: 'text' }], maxTokens: 200, tool })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as AiProviderError).message).toMatch(/did not return the structured answer/);
    expect(fake.requests).toHaveLength(3);
  });

  it('says what to check when the model does not exist', async () => {
    fake.configure({ models: ['mistral'] });
    const error = (await generator()
      .generate({ system: '', messages: [{ role: 'user', content: 'hi' }], maxTokens: 50 })
      .catch((e: unknown) => e)) as AiProviderError;
    expect(error.kind).toBe('model_missing');
    expect(error.message).toContain('has no model "llama3.1:8b"');
    expect(error.message).toContain('OPENAI_MODEL');
  });

  it('says the context window is too small', async () => {
    const error = (await generator()
      .generate({ system: '', messages: [{ role: 'user', content: 'x'.repeat(500_000) }], maxTokens: 50 })
      .catch((e: unknown) => e)) as AiProviderError;
    expect(error.kind).toBe('context_too_small');
    expect(error.message).toMatch(/context window.*lower context level/);
  });

  it('says the server could not be reached, naming OPENAI_BASE_URL', async () => {
    const closed = await startFakeOpenAi();
    await closed.close();
    const error = (await new OpenAiGenerator({ baseUrl: closed.baseUrl, model: 'm', maxRetries: 0 })
      .generate({ system: '', messages: [{ role: 'user', content: 'hi' }], maxTokens: 50 })
      .catch((e: unknown) => e)) as AiProviderError;
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('could not be reached');
    expect(error.message).toContain(closed.baseUrl);
  });

  it('times out with a message naming the model and OPENAI_TIMEOUT_MS', async () => {
    fake.setNext({ kind: 'hang' });
    const error = (await generator()
      .generate({ system: '', messages: [{ role: 'user', content: 'hi' }], maxTokens: 50, timeoutMs: 200 })
      .catch((e: unknown) => e)) as AiProviderError;
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('did not answer in time');
    expect(error.message).toContain('OPENAI_TIMEOUT_MS');
  });
});

describe('OpenAiEmbedder', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake.close());

  it('reads the dimension from the first answer and stores 512-dimension unit vectors tagged with the model', async () => {
    const embedder = new OpenAiEmbedder({ baseUrl: fake.baseUrl, model: 'nomic-embed-text', maxRetries: 0 });
    expect(embedder.model).toBe('openai:nomic-embed-text');
    const { vectors, tokens } = await embedder.embed(['kelp hags fear fire', '', 'the drowned gate'], 'document');
    expect(embedder.nativeDimensions).toBe(768);
    expect(vectors.map((v) => v.length)).toEqual([512, 512, 512]);
    expect(Math.hypot(...vectors[0])).toBeCloseTo(1, 5);
    expect(tokens).toBeGreaterThan(0);
    expect(fake.requests.at(-1)?.body.input).toEqual(['kelp hags fear fire', 'the drowned gate']);
  });

  it('keeps cosines exactly for a smaller model (zero padding)', () => {
    const a = fakeOpenAiEmbedding('kelp hags fear fire', 384);
    const b = fakeOpenAiEmbedding('hags of the kelp', 384);
    const dot = (x: number[], y: number[]) => x.reduce((sum, v, i) => sum + v * y[i], 0);
    expect(dot(fitDimensions(a), fitDimensions(b))).toBeCloseTo(dot(a, b), 6);
  });

  it('says what to check when the embedding model does not exist', async () => {
    fake.configure({ models: ['llama3.1:8b'] });
    const embedder = new OpenAiEmbedder({ baseUrl: fake.baseUrl, model: 'nomic-embed-text', maxRetries: 0 });
    const error = (await embedder.embed(['x'], 'query').catch((e: unknown) => e)) as AiProviderError;
    expect(error.kind).toBe('model_missing');
    expect(error.message).toContain('OPENAI_EMBEDDING_MODEL');
  });
});

describe('OpenAiGenerator cancelled by the reader', () => {
  it('answers a cancelled request as cancelled, not as the server failing', async () => {
    const fake = await startFakeOpenAi();
    try {
      const controller = new AbortController();
      controller.abort();
      const error = (await new OpenAiGenerator({ baseUrl: fake.baseUrl, model: 'm', maxRetries: 0 })
        .generate({ system: '', messages: [{ role: 'user', content: 'hi' }], maxTokens: 50, signal: controller.signal })
        .catch((e: unknown) => e)) as AiProviderError;
      expect(error).toBeInstanceOf(AiProviderError);
      expect(error.kind).toBe('aborted');
      expect(fake.requests).toHaveLength(0);
    } finally {
      await fake.close();
    }
  });
});
