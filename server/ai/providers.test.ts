import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from '../../tests/support/fake-anthropic';
import { startFakeOpenAi, type FakeOpenAi } from '../../tests/support/fake-openai';
import { startFakeVoyage, type FakeVoyage } from '../../tests/support/fake-voyage';
import { ClaudeGenerator } from './claude';
import { AiProviderError } from './errors';
import { OfflineEmbedder } from './offline-embedder';
import { OfflineGenerator } from './offline-generator';
import { OpenAiEmbedder } from './openai-embedder';
import { OpenAiGenerator } from './openai-generator';
import { createAiProviders } from './providers';
import { VoyageEmbedder } from './voyage';
import { VoyageReranker } from './voyage-reranker';

const models = { anthropicModel: 'claude-haiku-4-5', voyageModel: 'voyage-3.5' };

describe('createAiProviders', () => {
  let anthropic: FakeAnthropic;
  let voyage: FakeVoyage;

  beforeAll(async () => {
    [anthropic, voyage] = await Promise.all([startFakeAnthropic(), startFakeVoyage()]);
  });
  afterAll(async () => {
    await Promise.all([anthropic.close(), voyage.close()]);
  });

  it('uses the offline engines when no keys are set', () => {
    const providers = createAiProviders(models);
    expect(providers.engine).toBe('offline');
    expect(providers.generator).toBeInstanceOf(OfflineGenerator);
    expect(providers.embedder).toBeInstanceOf(OfflineEmbedder);
    expect(providers.reranker).toBeNull();
  });

  it('allows Claude with the offline embedder', () => {
    const providers = createAiProviders({ ...models, anthropicApiKey: 'a-key' });
    expect(providers.engine).toBe('claude');
    expect(providers.generator).toBeInstanceOf(ClaudeGenerator);
    expect(providers.embedder).toBeInstanceOf(OfflineEmbedder);
  });

  it('wires Claude and Voyage to their configured endpoints', async () => {
    const providers = createAiProviders({
      ...models,
      anthropicApiKey: 'a-key',
      anthropicBaseUrl: anthropic.url,
      voyageApiKey: 'v-key',
      voyageBaseUrl: voyage.url,
    });
    expect(providers.embedder).toBeInstanceOf(VoyageEmbedder);
    expect(providers.reranker).toBeInstanceOf(VoyageReranker);
    expect(providers.reranker!.model).toBe('rerank-2.5-lite');
    expect(providers.generator.model).toBe('claude-haiku-4-5');
    expect(providers.embedder.model).toBe('voyage-3.5');

    const answer = await providers.generator.generate({ system: '', messages: [{ role: 'user', content: 'Hello' }], maxTokens: 50 });
    const embedded = await providers.embedder.embed(['Hello'], 'query');
    expect(answer.text).toBe('This is the fake Anthropic server answering.');
    expect(embedded.vectors[0]).toHaveLength(512);
    expect(anthropic.requests).toHaveLength(1);
    expect(voyage.requests).toHaveLength(1);
  });
});

describe('createAiProviders with an OpenAI-compatible server', () => {
  let server: FakeOpenAi;
  beforeAll(async () => {
    server = await startFakeOpenAi();
  });
  afterAll(() => server.close());

  it('chooses per capability: the server answers and embeds, reranking stays offline; Claude and Voyage keys still win', () => {
    const both = createAiProviders({ ...models, openaiBaseUrl: server.baseUrl, openaiModel: 'llama3.1:8b', openaiEmbeddingModel: 'nomic-embed-text' });
    expect(both.engine).toBe('openai');
    expect(both.generator).toBeInstanceOf(OpenAiGenerator);
    expect(both.embedder).toBeInstanceOf(OpenAiEmbedder);
    expect(both.reranker).toBeNull();
    expect(both.roles?.answers).toMatch(/^llama3\.1:8b via OpenAI-compatible server at 127\.0\.0\.1:\d+$/);
    expect(both.roles?.rerank).toBe('offline sentence scoring');

    const answersOnly = createAiProviders({ ...models, openaiBaseUrl: server.baseUrl, openaiModel: 'llama3.1:8b' });
    expect(answersOnly.embedder).toBeInstanceOf(OfflineEmbedder);
    const embeddingsOnly = createAiProviders({ ...models, openaiBaseUrl: server.baseUrl, openaiEmbeddingModel: 'nomic-embed-text' });
    expect(embeddingsOnly.generator).toBeInstanceOf(OfflineGenerator);
    expect(embeddingsOnly.embedder).toBeInstanceOf(OpenAiEmbedder);

    const keyed = createAiProviders({
      ...models,
      anthropicApiKey: 'a',
      voyageApiKey: 'v',
      openaiBaseUrl: server.baseUrl,
      openaiModel: 'm',
      openaiEmbeddingModel: 'e',
    });
    expect(keyed.generator).toBeInstanceOf(ClaudeGenerator);
    expect(keyed.embedder).toBeInstanceOf(VoyageEmbedder);
  });

  it('lets the offline engine answer meanwhile when the GM allows it, saying what went wrong', async () => {
    const closed = await startFakeOpenAi();
    await closed.close();
    const config = { ...models, openaiBaseUrl: closed.baseUrl, openaiModel: 'llama3.1:8b' };
    const question = {
      system: '',
      messages: [
        { role: 'user' as const, content: 'Who leads the Tide Court?', passages: [{ sourceId: '1', title: 'Lore', content: 'Queen Maren leads the Tide Court.' }] },
      ],
      maxTokens: 200,
    };

    const refused = await createAiProviders(config)
      .generator.generate(question)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AiProviderError);

    const streamed: string[] = [];
    const answer = await createAiProviders({ ...config, offlineFallback: true }).generator.generate({ ...question, onText: (d) => streamed.push(d) });
    expect(answer.engine).toBe('offline');
    expect(answer.text).toMatch(/^> \*\*The OpenAI-compatible server at 127\.0\.0\.1:\d+ could not be reached\. Check that it is running/);
    expect(answer.text).toContain('The offline engine answered meanwhile.');
    expect(answer.text).toContain('Queen Maren leads the Tide Court.');
    expect(answer.citations[0]?.quote).toContain('Queen Maren');
    expect(streamed.join('')).toBe(answer.text);
  });
});
