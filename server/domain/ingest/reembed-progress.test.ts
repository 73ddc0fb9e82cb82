import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueStaleReembedding, reembedHandler } from '../../../jobs/reembed';
import { createAiProviders } from '../../ai/providers';
import type { Services } from '../../services';
import { type FakeOpenAi, startFakeOpenAi } from '../../../tests/support/fake-openai';
import { seedTome } from '../../../tests/support/seed-tome';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';
import { currentReembedJob } from '../tomes';
import { recordReembedProgress, reembedStaleChunks } from './reembed';

const attempt = { retryCount: 0, retryLimit: 0, signal: new AbortController().signal };

const places = (n: number, name: string) =>
  Array.from({ length: n }, (_, i) => ({ filename: `${name}-${i}.md`, content: `# ${name} ${i}\n\nThe keeper of ${name} ${i} guards the lamp.` }));

// Issue 37: a change of embedding model shows each GM how far their library's re-embedding has
// come, through the jobs table other long work reports to (and GET /api/jobs/{id}/status).
describe('re-embedding progress, as the GM watches it', () => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let changed: Services;
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    // The library was embedded offline; the process now runs with an OpenAI-compatible embedding model.
    t = await createTestApp();
    alice = await t.signUp();
    bob = await t.signUp();
    await seedTome(t.services, alice.userId, { name: 'Alice', documents: places(5, 'tower') });
    await seedTome(t.services, bob.userId, { name: 'Bob', documents: places(3, 'bridge') });
    const ai = createAiProviders({ anthropicModel: 'x', voyageModel: 'y', openaiBaseUrl: fake.baseUrl, openaiEmbeddingModel: 'nomic-embed-text' });
    changed = { ...t.services, ai };
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const status = (token: string, jobId: string) => t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/status`, headers: bearer(token) });

  it('counts each owner’s passages, says search uses the old vectors meanwhile, and completes when the library is done', async () => {
    const db = t.services.db;
    expect(await currentReembedJob(db, alice.userId)).toBeNull();

    await queueStaleReembedding(changed);
    const aliceJob = (await currentReembedJob(db, alice.userId))!;
    const bobJob = (await currentReembedJob(db, bob.userId))!;
    expect(aliceJob).toMatchObject({ status: 'embedding', progress: 0 });
    expect(aliceJob.progress_message).toMatch(/^Re-embedding for nomic-embed-text.*: 0 of 5 passages; search uses the previous vectors until it is done$/);
    expect(bobJob.progress_message).toMatch(/: 0 of 3 passages;/);
    // Started again (a second process, a restart): still one job per owner.
    await queueStaleReembedding(changed);
    expect((await db.selectFrom('jobs').select('id').where('kind', '=', 'reembed_library').execute()).length).toBe(2);

    // The API answers it as any job; another GM's job is a 404 like a missing one.
    expect((await status(alice.token, aliceJob.id)).json()).toMatchObject({ id: aliceJob.id, status: 'embedding', progress_message: aliceJob.progress_message });
    expect((await status(bob.token, aliceJob.id)).statusCode).toBe(404);

    // Part of the library done (the passages are taken in id order: Alice's first).
    await reembedStaleChunks(db, changed.ai.embedder, { limit: 2 });
    await recordReembedProgress(db, changed.ai.embedder.model, 'nomic-embed-text', false);
    expect((await status(alice.token, aliceJob.id)).json()).toMatchObject({
      status: 'embedding',
      progress: 40,
      progress_message: 'Re-embedding for nomic-embed-text: 2 of 5 passages; search uses the previous vectors until it is done',
    });

    // The job runs until nothing is left; each owner's job completes only once the whole library is done.
    await reembedHandler.run(changed, {}, attempt);
    expect((await status(alice.token, aliceJob.id)).json()).toMatchObject({ status: 'embedding', progress: 99 });
    expect((await status(alice.token, aliceJob.id)).json().progress_message).toMatch(/: 5 of 5 passages;/);
    await reembedHandler.run(changed, {}, attempt);
    expect((await status(alice.token, aliceJob.id)).json()).toMatchObject({ status: 'completed', progress: 100 });
    expect((await status(alice.token, aliceJob.id)).json().progress_message).toMatch(/^Re-embedded for nomic-embed-text.*: 5 passages; search uses them now$/);
    expect((await status(bob.token, bobJob.id)).json().progress_message).toMatch(/: 3 passages; search uses them now$/);
    // Shown for a while after it ended, then no more.
    expect((await currentReembedJob(db, alice.userId))?.status).toBe('completed');
    expect(await currentReembedJob(db, alice.userId, 0)).toBeNull();
  });
});
