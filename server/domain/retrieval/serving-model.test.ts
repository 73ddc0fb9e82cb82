import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAiProviders } from '../../ai/providers';
import { type FakeOpenAi, startFakeOpenAi } from '../../../tests/support/fake-openai';
import { seedTome } from '../../../tests/support/seed-tome';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { reembedProgress, reembedStaleChunks } from '../ingest/reembed';
import { forgetServingModel } from './serving-model';
import { searchPassages } from './search';

const DOCUMENTS = Array.from({ length: 6 }, (_, i) => ({
  filename: `place-${i}.md`,
  content: `# Place ${i}\n\nThe tower of ${['Vael', 'Orrin', 'Sable', 'Karsk', 'Mirel', 'Toun'][i]} stands on the ${['cliff', 'marsh', 'isle', 'ridge', 'shore', 'plain'][i]}. Its keeper guards the ${['lamp', 'bell', 'key', 'crown', 'book', 'gate'][i]}.`,
}));

describe('changing the embedding model: search keeps working on the old vectors until the new ones are complete', () => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let userId: string;
  let datasetId: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    // The library was embedded offline (no embedding model configured).
    t = await createTestApp();
    userId = (await t.signUp()).userId;
    datasetId = (await seedTome(t.services, userId, { name: 'Places', documents: DOCUMENTS })).datasetId;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('serves the old model mid-way, the new once complete, and never mixes them', async () => {
    const db = t.services.db;
    const { embedder } = createAiProviders({ anthropicModel: 'x', voyageModel: 'y', openaiBaseUrl: fake.baseUrl, openaiEmbeddingModel: 'nomic-embed-text' });
    const search = () =>
      searchPassages(db, { scope: { userId, datasetIds: [datasetId], audience: 'gm' }, query: 'Who guards the crown on the ridge?', embedder, mode: 'vector' });
    const embedded = () => fake.requests.filter((r) => r.path === '/v1/embeddings').flatMap((r) => r.body.input as string[]);

    const before = await search();
    expect(before.embedding?.model).toBe('offline-hash-v1');
    expect(before.passages[0]?.content).toContain('Karsk');
    expect(embedded()).toEqual([]);

    // Part of the library re-embedded: the question is still embedded (and compared) by the old model.
    expect((await reembedStaleChunks(db, embedder, { limit: 2 })).remaining).toBe(true);
    expect(await reembedProgress(db, embedder.model)).toEqual({ done: 2, total: DOCUMENTS.length });
    forgetServingModel(db);
    const midway = await search();
    expect(midway.embedding?.model).toBe('offline-hash-v1');
    expect(midway.passages.map((p) => p.content)).toEqual(before.passages.map((p) => p.content));
    expect(embedded()).not.toContain('Who guards the crown on the ridge?');

    while ((await reembedStaleChunks(db, embedder, { limit: 2 })).remaining);
    const models = await db.selectFrom('chunk_vectors').select('model').distinct().execute();
    expect(models).toEqual([{ model: 'openai:nomic-embed-text' }]);
    const after = await search();
    expect(after.embedding?.model).toBe('openai:nomic-embed-text');
    expect(after.passages[0]?.content).toContain('Karsk');
    expect(embedded()).toContain('Who guards the crown on the ridge?');
  });
});
