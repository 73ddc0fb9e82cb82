import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropic } from '../../tests/support/fake-anthropic';
import { startFakeVoyage, type FakeVoyage } from '../../tests/support/fake-voyage';
import { ClaudeGenerator } from './claude';
import { OfflineEmbedder } from './offline-embedder';
import { OfflineGenerator } from './offline-generator';
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
