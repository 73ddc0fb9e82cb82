import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CapturedOpenAiRequest, type FakeOpenAi, numberedSourcesIn, startFakeOpenAi } from '../../../tests/support/fake-openai';
import { SECRET_QUESTIONS, secretsIn, seatEmberCrownTable, type EmberCrownTable } from '../../../tests/support/ember-crown';
import { seedTome } from '../../../tests/support/seed-tome';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';

const LOG = fs.readFileSync(path.join(import.meta.dirname, '../../domain/timeline/proposals/fixtures/session-3.log'), 'utf8');

/** Everything the server was sent but the asker's own question (the last user message's text after the sources). */
function sentMaterial(request: CapturedOpenAiRequest): string {
  const messages = request.body.messages ?? [];
  return JSON.stringify([...messages.slice(0, -1), numberedSourcesIn(request.body)]);
}

/**
 * The app configured as a GM would (OPENAI_BASE_URL, OPENAI_MODEL, OPENAI_EMBEDDING_MODEL), the
 * real pipeline ingesting through the server's embeddings and answering through its chat.
 */
describe('an OpenAI-compatible server answering for the Ember Crown (fake server, real SDK)', () => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let table: EmberCrownTable;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp({
      workers: true,
      env: { OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'llama3.1:8b', OPENAI_EMBEDDING_MODEL: 'nomic-embed-text' },
    });
    table = await seatEmberCrownTable(t);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const as = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('embedded the library with the server, and a question is embedded by it too', async () => {
    const models = await t.services.db.selectFrom('chunk_vectors').select('model').distinct().execute();
    expect(models.map((row) => row.model)).toEqual(['openai:nomic-embed-text']);
    await as(table.gm.token, 'POST', `/api/campaigns/${table.campaignId}/chat`, { query: 'Who is Wenna Corlis?' });
    expect(fake.requests.map((request) => request.path)).toEqual(['/v1/embeddings', '/v1/chat/completions']);
  });

  it('sends a player nothing hidden, numbers the passages, and cites them with verbatim quotes placed in their document', async () => {
    for (const query of SECRET_QUESTIONS) {
      fake.reset();
      const response = await as(table.players[0].token, 'POST', `/api/campaigns/${table.campaignId}/chat`, { query, context_level: 'high' });
      expect(response.statusCode, response.body).toBe(200);
      const chat = fake.requests.find((request) => request.path === '/v1/chat/completions')!;
      expect(numberedSourcesIn(chat.body).length).toBeGreaterThan(0);
      expect(secretsIn(sentMaterial(chat)), query).toEqual([]);
      const answer = response.json();
      expect(secretsIn(answer.response + JSON.stringify(answer.citations)), query).toEqual([]);
      expect(answer.engine).toBe('openai');
      expect(answer.engine_label).toMatch(/^llama3\.1:8b via OpenAI-compatible server at 127\.0\.0\.1:\d+$/);
      expect(answer.citations).toHaveLength(1);
      expect(answer.response).toMatch(/\[1\]$/);
      const [citation] = answer.citations;
      expect(numberedSourcesIn(chat.body)[0].content).toContain(citation.quote);
      expect(citation.start).not.toBeNull();
    }
    // The GM's question sends the secrets: the check above can fail.
    fake.reset();
    await as(table.gm.token, 'POST', `/api/campaigns/${table.campaignId}/chat`, { query: 'Who pays Hollis Quenby?', context_level: 'high' });
    expect(secretsIn(sentMaterial(fake.requests.find((r) => r.path === '/v1/chat/completions')!)).length).toBeGreaterThan(0);
  });

  it('sends a player a visible document whole without its GM blocks, and cites it verbatim', async () => {
    const response = await as(table.players[1].token, 'POST', `/api/campaigns/${table.campaignId}/documents/${table.lore}/chat`, {
      query: 'Where does the Pale Lantern meet Quenby?',
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.mode).toBe('whole_document');
    const chat = fake.requests.find((request) => request.path === '/v1/chat/completions')!;
    const [document] = numberedSourcesIn(chat.body);
    expect(document.content).toContain('Wenna Corlis');
    expect(secretsIn(sentMaterial(chat))).toEqual([]);
    expect(answer.citations).toHaveLength(1);
    expect(document.content).toContain(answer.citations[0].quote);
    expect(answer.citations[0].start).not.toBeNull();
    expect(answer.engine_label).toMatch(/^llama3\.1:8b via/);
  });

  it('keeps which model answered with the conversation', async () => {
    const asked = await as(table.gm.token, 'POST', `/api/campaigns/${table.campaignId}/chat`, { query: 'Where is the Ember Crown kept?' });
    const conversation = await as(table.gm.token, 'GET', `/api/campaigns/${table.campaignId}/conversations/${asked.json().conversation_id}`);
    expect(conversation.statusCode, conversation.body).toBe(200);
    const answer = conversation.json().messages[1];
    expect(answer.engine).toBe('openai');
    expect(answer.engine_label).toBe(asked.json().engine_label);
  });

  it('records the tokens of every call, at no cost for a local model', async () => {
    const before = await t.services.db.selectFrom('usage_events').selectAll().where('user_id', '=', table.gm.userId).execute();
    await as(table.gm.token, 'POST', `/api/campaigns/${table.campaignId}/chat`, { query: 'Who is Wenna Corlis?' });
    const after = await t.services.db.selectFrom('usage_events').selectAll().where('user_id', '=', table.gm.userId).execute();
    const added = after.slice(before.length);
    expect(added.map((row) => [row.feature, row.model])).toEqual(
      expect.arrayContaining([
        ['campaign_chat', 'llama3.1:8b'],
        ['embedding', 'openai:nomic-embed-text'],
      ]),
    );
    const chat = added.find((row) => row.feature === 'campaign_chat')!;
    expect(chat.input_tokens).toBeGreaterThan(0);
    expect(chat.output_tokens).toBeGreaterThan(0);
    expect(Number(chat.cost_usd)).toBe(0);
    const month = (await as(table.gm.token, 'GET', '/api/usage/current-month')).json();
    expect(month.month_data.total_input_tokens).toBeGreaterThan(0);
  });

  it('writes content through the server with its label and citations', async () => {
    const response = await as(table.gm.token, 'POST', `/api/campaigns/${table.campaignId}/create-content`, {
      content_type: 'lore',
      prompt: 'The history of the Ember Crown',
      primary_dataset_id: table.datasetId,
    });
    expect(response.statusCode, response.body).toBe(200);
    const draft = response.json();
    expect(draft.engine).toBe('openai');
    expect(draft.engine_label).toMatch(/^llama3\.1:8b via/);
    expect(draft.citations.length).toBeGreaterThan(0);
  });

  it('says what to check when the model is missing', async () => {
    fake.configure({ models: ['nomic-embed-text'] });
    const response = await as(table.gm.token, 'POST', `/api/campaigns/${table.campaignId}/chat`, { query: 'Who is Wenna Corlis?' });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toMatch(/has no model "llama3\.1:8b"\. Check OPENAI_MODEL \(with Ollama: ollama pull llama3\.1:8b\)/);
  });
});

describe('structured answers through an OpenAI-compatible server', () => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let gm: { token: string; userId: string };
  let campaignId: string;
  let logId: string;
  let notesId: string;
  let datasetId: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp({ env: { OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'qwen2.5:7b' } });
    gm = await t.signUp();
    const tome = await seedTome(t.services, gm.userId, {
      name: 'Salt Road logs',
      documents: [
        { filename: 'session-3.log', content: LOG },
        { filename: 'notes.md', content: 'Captain Idris Thornvale commands the Gilded Heron. Oriel Vask leads the Copper Syndicate.' },
      ],
    });
    datasetId = tome.datasetId;
    logId = tome.documents.find((d) => d.filename === 'session-3.log')!.id;
    notesId = tome.documents.find((d) => d.filename === 'notes.md')!.id;
    campaignId = (await call('POST', '/api/campaigns', { name: 'The Salt Road' })).json().id;
    await call('POST', `/api/campaigns/${campaignId}/datasets`, { dataset_id: tome.datasetId });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  function call(method: 'GET' | 'POST', url: string, payload?: object) {
    return t.app.inject({ method, url, headers: bearer(gm.token), ...(payload ? { payload } : {}) });
  }

  it('reads the concept map with a tool call', async () => {
    fake.setNext({
      kind: 'tool',
      args: {
        concepts: [
          { name: 'Idris Thornvale', type: 'character', description: 'Captain of the Gilded Heron.' },
          { name: 'Gilded Heron', type: 'item', description: 'A ship.' },
        ],
        relationships: [{ source: 'Idris Thornvale', target: 'Gilded Heron', relationship: 'commands', strength: 8 }],
      },
    });
    const response = await call('POST', `/api/campaigns/${campaignId}/concept-map/generate`, { selected_documents: [{ id: notesId, dataset_id: datasetId }] });
    expect(response.statusCode, response.body).toBe(200);
    const map = response.json();
    expect(map.engine).toBe('openai');
    expect(map.concepts.map((c: { name: string }) => c.name).sort()).toEqual(['Gilded Heron', 'Idris Thornvale']);
    expect(fake.requests[0].body.tool_choice).toEqual({ type: 'function', function: { name: 'record_concepts' } });
  });

  it('proposes timeline events from a JSON answer where the server takes no tools, repairing a bad first answer, and remembers it', async () => {
    fake.configure({ tools: false });
    fake.setNext({ kind: 'answer', text: 'Sure! Here are the events.' });
    fake.setNext({
      kind: 'answer',
      text: JSON.stringify({
        events: [
          { title: 'Raiders at the ford', session: 1, event_type: 'battle', quote: 'Combat: six Ashen Hand raiders attack the caravan at the ford.' },
          { title: 'Invented', session: 1, event_type: 'battle', quote: 'A dragon lands on the caravan.' },
        ],
      }),
    });
    const response = await call('POST', `/api/campaigns/${campaignId}/timeline/proposals`, { document_id: logId });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.engine).toBe('openai');
    expect(body.proposals.map((p: { title: string }) => p.title)).toEqual(['Raiders at the ford']);
    expect(LOG.slice(body.proposals[0].start, body.proposals[0].end)).toBe(body.proposals[0].quote);
    expect(fake.requests.map((r) => Boolean(r.body.tools))).toEqual([true, false, false]);

    fake.reset();
    fake.configure({ tools: false });
    fake.setNext({ kind: 'answer', text: '{"events": []}' });
    expect((await call('POST', `/api/campaigns/${campaignId}/timeline/proposals`, { document_id: logId })).statusCode).toBe(200);
    expect(fake.requests.map((r) => Boolean(r.body.tools))).toEqual([false]);
  });
});
