import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { VoyageReranker } from '../../ai/voyage-reranker';
import { fakeVoyageRerankScore, startFakeVoyage, type FakeVoyage } from '../../../tests/support/fake-voyage';
import { seedTome, type SeededTome } from '../../../tests/support/seed-tome';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';
import { rootLogger, setRootLogger } from '../../log';
import { searchPassages, type RetrievedPassage } from '.';

// The table-talk paragraph shares many small words with the question and answers nothing: the
// fake reranker (word overlap) puts it first, the offline reranking (rule terms) does not.
const RULES = `# Advice

## Table Talk

The GM and the players can decide together what does and does not happen; give each one a turn.

# Combat

## Cover

A target with half cover has a +2 bonus to AC and Dexterity saving throws. A target has half cover if an obstacle blocks at least half of its body.

## Hiding

When you try to hide, make a Dexterity (Stealth) check. You can't hide from a creature that can see you clearly.

## Grappling

When you want to grab a creature, you can use the Attack action to make a grapple. A grappled creature can use its action to escape.

# Resting

## Short Rest

A short rest is a period of downtime, at least 1 hour long, during which a character does nothing more strenuous than eating, drinking, reading, and tending to wounds.`;

const QUESTION = 'Can my rogue hide behind a barrel, and does the barrel give cover?';

/** The order the fake reranker gives these passages, recomputed from its documented scoring. */
function fakeOrder(query: string, documents: string[]): number[] {
  return documents
    .map((document, index) => ({ index, score: fakeVoyageRerankScore(query, document) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.index);
}

describe('retrieval reranked by Voyage (through the fake server)', () => {
  let voyage: FakeVoyage;
  let t: TestApp;
  let alice: { token: string; userId: string };
  let rules: SeededTome;
  let campaignId: string;

  beforeAll(async () => {
    voyage = await startFakeVoyage();
    t = await createTestApp({ env: { VOYAGE_API_KEY: 'v-key', VOYAGE_BASE_URL: voyage.url, VOYAGE_RERANK_MODEL: 'rerank-2.5' } });
    alice = await t.signUp();
    rules = await seedTome(t.services, alice.userId, { name: 'Rules', documents: [{ filename: 'rules.md', content: RULES }] });
    const call = (method: 'POST', url: string, payload: object) => t.app.inject({ method, url, headers: bearer(alice.token), payload });
    campaignId = (await call('POST', '/api/campaigns', { name: 'Saltmere' })).json().id;
    await call('POST', `/api/campaigns/${campaignId}/datasets`, { dataset_id: rules.datasetId });
  });
  afterEach(() => {
    voyage.reset();
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await t.close();
    await voyage.close();
  });

  const search = (reranker = t.services.ai.reranker) =>
    searchPassages(t.services.db, {
      scope: { userId: alice.userId, datasetIds: [rules.datasetId] },
      query: QUESTION,
      embedder: t.services.ai.embedder,
      reranker,
      level: 'high',
    });
  const rerankRequests = () => voyage.requests.filter((request) => request.path === '/v1/rerank');
  const keyOf = (p: RetrievedPassage) => `${p.headingPath}\n\n${p.content}`;

  it('chooses Voyage’s reranker where it chooses Voyage’s embedder, with the configured model', () => {
    expect(t.services.ai.reranker).toBeInstanceOf(VoyageReranker);
    expect(t.services.ai.reranker!.model).toBe('rerank-2.5');
  });

  it('orders the passages as the reranker scores them, each sent under its heading path', async () => {
    const result = await search();
    const [request] = rerankRequests();
    expect(rerankRequests()).toHaveLength(1);
    expect(request.headers.authorization).toBe('Bearer v-key');
    expect(request.body).toMatchObject({ model: 'rerank-2.5', query: QUESTION, truncation: true });
    const documents = request.body.documents!;
    expect(documents).toContain(
      `Combat > Hiding\n\nWhen you try to hide, make a Dexterity (Stealth) check. You can't hide from a creature that can see you clearly.`,
    );

    const expected = fakeOrder(QUESTION, documents).map((index) => documents[index]);
    expect(result.passages.map(keyOf)).toEqual(expected.slice(0, result.passages.length));
    expect(result.passages[0].headingPath).toBe('Advice > Table Talk');
    expect(result.rerank).toMatchObject({ model: 'rerank-2.5' });
    expect(result.rerank!.tokens).toBeGreaterThan(0);

    // The offline reranking, on the same candidates, orders them otherwise: the order above is Voyage's.
    const offline = await search(null);
    expect(offline.rerank).toBeNull();
    expect(offline.passages[0].headingPath).not.toBe('Advice > Table Talk');
  });

  it('keeps generated documents after every other passage, whatever the reranker says', async () => {
    const draft = await seedTome(t.services, alice.userId, {
      name: 'Drafts',
      documents: [
        {
          filename: 'draft.md',
          content: `---\ntitle: Barrel Rogue\ngenerated: true\n---\n\n# Barrel Rogue\n\nCan my rogue hide behind a barrel, and does the barrel give cover? The rogue can hide behind the barrel and the barrel does give cover.`,
        },
      ],
    });
    const result = await searchPassages(t.services.db, {
      scope: { userId: alice.userId, datasetIds: [rules.datasetId, draft.datasetId] },
      query: QUESTION,
      embedder: t.services.ai.embedder,
      reranker: t.services.ai.reranker,
      level: 'high',
    });
    expect(result.rerank).not.toBeNull();
    const documents = rerankRequests()[0].body.documents!;
    // The reranker scores the draft highest (it repeats the question) ...
    expect(documents[fakeOrder(QUESTION, documents)[0]]).toContain('The rogue can hide behind the barrel');
    // ... and it still goes after every passage of the rulebook.
    const generated = result.passages.map((p) => p.generated);
    expect(generated).toContain(true);
    expect(generated.indexOf(true)).toBe(generated.length - generated.filter(Boolean).length);
    expect(result.passages[0].headingPath).toBe('Advice > Table Talk');
  });

  it('records the reranking as its own usage feature, with its tokens and cost', async () => {
    const ask = await t.app.inject({ method: 'POST', url: `/api/campaigns/${campaignId}/chat`, headers: bearer(alice.token), payload: { query: QUESTION } });
    expect(ask.statusCode).toBe(200);
    const [request] = rerankRequests();
    const tokensOf = (text: string) => Math.max(1, Math.ceil(text.length / 4));
    const documents = request.body.documents!;
    const billed = tokensOf(QUESTION) * documents.length + documents.reduce((sum, text) => sum + tokensOf(text), 0);

    const rows = await t.services.db.selectFrom('usage_events').selectAll().where('user_id', '=', alice.userId).where('feature', '=', 'rerank').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ model: 'rerank-2.5', input_tokens: billed, output_tokens: 0, embedding_tokens: 0 });
    expect(Number(rows[0].cost_usd)).toBeCloseTo((billed * 0.05) / 1_000_000, 6);

    const usage = (await t.app.inject({ method: 'GET', url: '/api/usage/current-month', headers: bearer(alice.token) })).json();
    expect(usage.month_data.usage_breakdown.rerank).toMatchObject({ calls: 1, tokens: billed });
    expect(usage.month_data.usage_breakdown.embedding.calls).toBeGreaterThanOrEqual(1);
  });

  it('falls back to the offline reranking when Voyage’s reranker fails, says so in a log line, and still answers', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(
          ...chunk
            .toString()
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line)),
        );
        done();
      },
    });
    const previous = rootLogger();
    setRootLogger(pino(sink));
    onTestFinished(() => setRootLogger(previous));
    const failRerank = () =>
      voyage.setNext((request) => (request.path === '/v1/rerank' ? { kind: 'error', status: 500, detail: 'Reranker down' } : { kind: 'embeddings' }), { times: 20 });

    failRerank();
    const result = await search();
    expect(rerankRequests().length).toBeGreaterThanOrEqual(1);
    expect(result.rerank).toBeNull();
    voyage.reset();
    const offline = await search(null);
    expect(result.passages.map(keyOf)).toEqual(offline.passages.map(keyOf));
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: 'reranking with rerank-2.5 failed, reranked offline instead',
        model: 'rerank-2.5',
        err: expect.objectContaining({ message: expect.any(String) }),
      }),
    );

    failRerank();
    const before = await t.services.db.selectFrom('usage_events').select('id').where('user_id', '=', alice.userId).where('feature', '=', 'rerank').execute();
    const ask = await t.app.inject({ method: 'POST', url: `/api/campaigns/${campaignId}/chat`, headers: bearer(alice.token), payload: { query: QUESTION } });
    expect(ask.statusCode).toBe(200);
    expect(ask.json().citations.length).toBeGreaterThan(0);
    const after = await t.services.db.selectFrom('usage_events').select('id').where('user_id', '=', alice.userId).where('feature', '=', 'rerank').execute();
    expect(after).toHaveLength(before.length);
  });
});

describe('the offline reranking stage', () => {
  let t: TestApp;
  let userId: string;
  let tome: SeededTome;

  beforeAll(async () => {
    t = await createTestApp();
    userId = (await t.signUp()).userId;
    tome = await seedTome(t.services, userId, {
      name: 'Rules and logs',
      documents: [
        {
          filename: 'rules.md',
          content: `# Monsters\n\n## Experience Points\n\nThe number of experience points (XP) a monster is worth is based on its challenge rating. XP is awarded for defeating the monster.\n\n## Advancement\n\nAs your character gains experience points (XP), they go up in level; XP is earned by the whole party.`,
        },
        { filename: 'session-12.log', content: '[21:30] The party reaches Greywater at dusk.\n\n[22:10] Session ends. XP: 1,800 each.' },
        { filename: 'session-11.log', content: '[21:00] Session ends. XP: 900 each.' },
      ],
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('puts the document a question names in full (session 12 and session-12.log) first', async () => {
    const { passages } = await searchPassages(t.services.db, {
      scope: { userId, datasetIds: [tome.datasetId] },
      query: 'How much XP did everyone get in session 12?',
      embedder: t.services.ai.embedder,
      level: 'medium',
    });
    expect(passages[0].filename).toBe('session-12.log');
  });
});
