import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ClaudeGenerator } from '../../ai/claude';
import { OfflineEmbedder } from '../../ai/offline-embedder';
import { costOf } from '../../ai/pricing';
import { startFakeAnthropic, searchResultsIn, type FakeAnthropic } from '../../../tests/support/fake-anthropic';
import { seedTome, type SeededTome } from '../../../tests/support/seed-tome';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';
import { readDocumentText } from '../tomes/document-text';

const RULES = `# Combat

## Cover

A target with half cover has a +2 bonus to AC and Dexterity saving throws. A target with three-quarters cover has a +5 bonus to AC and Dexterity saving throws. A target with total cover can't be targeted directly.

## Grappling

A grappled creature can use its action to escape. To do so, it must succeed on a Strength (Athletics) or Dexterity (Acrobatics) check.`;

function parseEvents(body: string): Array<[string, any]> {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => [/^event: (.*)$/m.exec(block)?.[1] ?? '', JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null')]);
}

describe('campaign and document chat through Claude (the fake Messages API)', () => {
  let fake: FakeAnthropic;
  let t: TestApp;
  let gm: { token: string; userId: string };
  let rules: SeededTome;
  let handbook: SeededTome;
  let campaignId: string;

  beforeAll(async () => {
    fake = await startFakeAnthropic();
    const generator = new ClaudeGenerator({ apiKey: 'test', baseUrl: fake.url, model: 'claude-haiku-4-5', maxRetries: 0, timeoutMs: 5_000 });
    t = await createTestApp({ ai: { generator, embedder: new OfflineEmbedder(), engine: 'claude' } });
    gm = await t.signUp();
    rules = await seedTome(t.services, gm.userId, { name: 'Rules', documents: [{ filename: 'combat.md', content: RULES }] });
    handbook = await seedTome(t.services, gm.userId, {
      name: 'Handbook',
      documents: [
        {
          filename: 'handbook.pdf',
          pages: [
            '# Resting\n\nA short rest is a period of downtime, at least 1 hour long.',
            '# Long Rest\n\nAt the end of a long rest, a character regains all lost hit points.',
          ],
        },
      ],
    });
    campaignId = (await call('POST', '/api/campaigns', { name: 'Tides of Ash' })).json().id;
    await call('POST', `/api/campaigns/${campaignId}/datasets`, { dataset_id: rules.datasetId });
    await call('POST', `/api/campaigns/${campaignId}/datasets`, { dataset_id: handbook.datasetId });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  function call(method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) {
    return t.app.inject({ method, url, headers: { ...bearer(gm.token), ...headers }, ...(payload ? { payload } : {}) });
  }
  const usage = async () => (await call('GET', '/api/usage/current-month')).json();
  const conversations = async () => (await call('GET', `/api/campaigns/${campaignId}/conversations`)).json();

  it('streams the answer and maps Claude’s citations to our documents, with the cited words as the quote', async () => {
    fake.setNext((request) => {
      const results = searchResultsIn(request.body);
      const cover = results.findIndex((r) => r.source === String(rules.documents[0].chunkIds[0]));
      return {
        kind: 'answer',
        blocks: [
          { text: 'Behind an arrow slit the target has three-quarters cover: ' },
          { text: 'it gains +5 to AC and Dexterity saves.', cite: [{ searchResult: cover, startBlock: 1, endBlock: 2 }] },
        ],
        usage: { input_tokens: 1200, output_tokens: 40 },
      };
    });
    const before = await usage();
    const response = await call(
      'POST',
      `/api/campaigns/${campaignId}/chat`,
      { query: 'What bonus to AC does a target behind an arrow slit get?' },
      { accept: 'text/event-stream' },
    );
    const events = parseEvents(response.body);
    const deltas = events.filter(([name]) => name === 'delta');
    const [last, done] = events.at(-1)!;
    expect(last, JSON.stringify(done)).toBe('done');
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.map(([, d]) => d.text).join('')).toBe(done.response);
    expect(done.engine).toBe('claude');
    expect(done.response).toContain('it gains +5 to AC and Dexterity saves. [1]');
    expect(done.citations).toEqual([
      {
        source_id: String(rules.documents[0].chunkIds[0]),
        filename: 'combat.md',
        quote: 'A target with three-quarters cover has a +5 bonus to AC and Dexterity saving throws.',
        document_id: rules.documents[0].id,
        dataset_id: rules.datasetId,
        page: null,
        start: expect.any(Number),
        end: expect.any(Number),
      },
    ]);
    const stored = await readDocumentText(t.services.db, rules.documents[0].id);
    expect(stored.slice(done.citations[0].start, done.citations[0].end)).toBe(done.citations[0].quote);

    const sent = fake.requests[0].body;
    expect(sent.model).toBe('claude-haiku-4-5');
    expect(JSON.stringify(sent.system)).toContain('Tides of Ash');
    expect(searchResultsIn(sent).length).toBeGreaterThan(0);

    const after = await usage();
    const expectedCost = costOf('claude-haiku-4-5', { inputTokens: 1200, outputTokens: 40 });
    expect(after.month_data.usage_breakdown.campaign_chat.calls).toBe((before.month_data.usage_breakdown.campaign_chat?.calls ?? 0) + 1);
    expect(after.month_data.total_cost - before.month_data.total_cost).toBeCloseTo(expectedCost, 6);
    expect(after.month_data.total_input_tokens - before.month_data.total_input_tokens).toBe(1200);
    const saved = (await call('GET', `/api/campaigns/${campaignId}/conversations/${done.conversation_id}`)).json();
    expect(saved.messages[1]).toMatchObject({ engine: 'claude', citations: done.citations });
  });

  it('carries the page of a PDF passage into its citation', async () => {
    const answer = (await call('POST', `/api/campaigns/${campaignId}/chat`, { query: 'What does a long rest restore to a character?' })).json();
    // The fake's default answer cites the first search result's first sentence.
    expect(answer.citations[0]).toMatchObject({ filename: 'handbook.pdf', page: 2, dataset_id: handbook.datasetId });
    expect(answer.citations[0].quote).toBe('At the end of a long rest, a character regains all lost hit points.');
  });

  it('sends the earlier turns with a follow-up', async () => {
    const first = (await call('POST', `/api/campaigns/${campaignId}/chat`, { query: 'How does a grappled creature escape?' })).json();
    fake.reset();
    await call('POST', `/api/campaigns/${campaignId}/chat`, { query: 'Which checks can it use?', conversation_id: first.conversation_id });
    const messages = fake.requests[0].body.messages;
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(messages[0].content).toBe('How does a grappled creature escape?');
    expect(messages[1].content).toBe(first.response);
  });

  it('answers a provider failure with its status and message, and saves nothing of the turn', async () => {
    const first = (await call('POST', `/api/campaigns/${campaignId}/chat`, { query: 'How does cover work?' })).json();
    const countBefore = (await conversations()).find((c: { id: string }) => c.id === first.conversation_id).message_count;
    const listBefore = await conversations();

    fake.setNext({ kind: 'error', status: 529, type: 'overloaded_error' });
    const overloaded = await call('POST', `/api/campaigns/${campaignId}/chat`, { query: 'And total cover?', conversation_id: first.conversation_id });
    expect(overloaded.statusCode).toBe(503);
    expect(overloaded.json().error).toBe('The AI service is overloaded right now. Try again in a minute.');

    fake.setNext({ kind: 'error', status: 401, type: 'authentication_error', message: 'invalid x-api-key' });
    const rejected = await call('POST', `/api/campaigns/${campaignId}/chat`, { query: 'Anything?' });
    expect(rejected.statusCode).toBe(502);
    expect(rejected.json().error).toContain('ANTHROPIC_API_KEY');

    fake.setNext({ kind: 'hang' });
    const timedOut = await call('POST', `/api/campaigns/${campaignId}/chat`, { query: 'Still there?', conversation_id: first.conversation_id });
    expect(timedOut.statusCode).toBe(504);
    expect(timedOut.json().error).toBe('The AI service did not answer in time. Try again in a minute.');

    fake.setNext({ kind: 'stream-error', afterText: 'Total cover means ' });
    const broken = await call(
      'POST',
      `/api/campaigns/${campaignId}/chat`,
      { query: 'And total cover?', conversation_id: first.conversation_id },
      { accept: 'text/event-stream' },
    );
    const [last, error] = parseEvents(broken.body).at(-1)!;
    expect(last).toBe('error');
    expect(error).toEqual({ error: 'The AI service is overloaded right now. Try again in a minute.', status: 503 });

    expect(await conversations()).toEqual(listBefore);
    expect((await conversations()).find((c: { id: string }) => c.id === first.conversation_id).message_count).toBe(countBefore);
  });

  it('sends a document that fits whole with prompt caching, and reports the usage', async () => {
    const url = `/api/datasets/${rules.datasetId}/documents/${rules.documents[0].id}/chat`;
    const first = await call('POST', url, { query: 'What does half cover give?' });
    expect(first.statusCode).toBe(200);
    const answer = first.json();
    expect(answer).toMatchObject({ mode: 'whole_document', engine: 'claude' });
    expect(answer.citations[0]).toMatchObject({ document_id: rules.documents[0].id, filename: 'combat.md', dataset_id: rules.datasetId });
    expect(RULES).toContain(answer.citations[0].quote);
    const document = fake.requests[0].body.messages[0].content as Array<{ type: string; cache_control?: unknown; source?: { data: string } }>;
    expect(document[0]).toMatchObject({ type: 'document', cache_control: { type: 'ephemeral' } });
    expect(document[0].source!.data).toBe(RULES);
    expect(answer.usage.cache_write_tokens).toBeGreaterThan(0);
    expect(answer.usage.total_cost).toBeGreaterThan(0);

    const second = (await call('POST', url, { query: 'And three-quarters cover?', conversation_id: answer.conversation_id })).json();
    expect(second.conversation_id).toBe(answer.conversation_id);
    expect(second.usage.cache_read_tokens).toBeGreaterThan(0);
    expect(second.usage.cache_write_tokens).toBe(0);
    expect((await usage()).month_data.usage_breakdown.document_chat.calls).toBe(2);
  });

  it('answers a document chat failure with the provider’s status', async () => {
    fake.setNext({ kind: 'error', status: 529, type: 'overloaded_error' });
    const url = `/api/datasets/${rules.datasetId}/documents/${rules.documents[0].id}/chat`;
    const failed = await call('POST', url, { query: 'What does half cover give?' });
    expect(failed.statusCode).toBe(503);
    expect((await call('POST', url, { query: '  ' })).statusCode).toBe(400);
  });

  it('searches within a document too large to send whole', async () => {
    // About 70,000 tokens in 140 long chunks: over the whole-document limit.
    const day = (i: number) =>
      Array.from(
        { length: 18 },
        (_, j) => `Day ${i}, entry ${j}: the caravan log notes weather, wages, mules and road tolls paid at milestone ${i * 18 + j} on the northern road.`,
      ).join(' ');
    const filler = Array.from({ length: 140 }, (_, i) => day(i));
    filler.splice(70, 0, 'The sealed vault of Karsk opens only to the song of three brass bells.');
    const big = await seedTome(t.services, gm.userId, { name: 'Logs', documents: [{ filename: 'caravan-log.md', content: filler.join('\n\n') }] });
    const answer = (
      await call('POST', `/api/datasets/${big.datasetId}/documents/${big.documents[0].id}/chat`, { query: 'What opens the sealed vault of Karsk?' })
    ).json();
    expect(answer.mode).toBe('retrieval');
    expect(searchResultsIn(fake.requests.at(-1)!.body).length).toBeGreaterThan(0);
    expect(fake.requests.at(-1)!.body.messages[0].content).not.toContainEqual(expect.objectContaining({ type: 'document' }));
    expect(answer.citations[0].quote).toContain('three brass bells');
  });
});
