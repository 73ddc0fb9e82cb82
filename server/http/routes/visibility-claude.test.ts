import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClaudeGenerator } from '../../ai/claude';
import { OfflineEmbedder } from '../../ai/offline-embedder';
import { documentsIn, searchResultsIn, startFakeAnthropic, type AnthropicRequestBody, type FakeAnthropic } from '../../../tests/support/fake-anthropic';
import { SECRET_QUESTIONS, secretsIn, seatEmberCrownTable, type EmberCrownTable } from '../../../tests/support/ember-crown';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';

/** What Claude is sent for a player: the system prompt, the passages and documents (the player's own question aside). */
function sentMaterial(body: AnthropicRequestBody): string {
  const history = body.messages.slice(0, -1).map((m) => (typeof m.content === 'string' ? m.content : ''));
  return JSON.stringify([body.system ?? '', searchResultsIn(body), documentsIn(body), history]);
}

describe('what players see of the Ember Crown (Claude, against the fake Messages API)', () => {
  let fake: FakeAnthropic;
  let t: TestApp;
  let table: EmberCrownTable;

  beforeAll(async () => {
    fake = await startFakeAnthropic();
    const generator = new ClaudeGenerator({ apiKey: 'test', baseUrl: fake.url, model: 'claude-haiku-4-5', maxRetries: 0, timeoutMs: 5_000 });
    t = await createTestApp({ workers: true, ai: { generator, embedder: new OfflineEmbedder(), engine: 'claude' } });
    table = await seatEmberCrownTable(t);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const as = (token: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

  it('sends Claude nothing hidden for any wording of any secret, and answers nothing hidden', async () => {
    for (const query of SECRET_QUESTIONS) {
      fake.reset();
      const response = await as(table.players[0].token, `/api/campaigns/${table.campaignId}/chat`, { query, context_level: 'high' });
      expect(response.statusCode, response.body).toBe(200);
      expect(fake.requests).toHaveLength(1);
      const sent = fake.requests[0].body;
      expect(searchResultsIn(sent).length).toBeGreaterThan(0);
      expect(secretsIn(sentMaterial(sent)), query).toEqual([]);
      const answer = response.json();
      expect(secretsIn(answer.response + JSON.stringify(answer.citations)), query).toEqual([]);
    }
    // The GM's question sends the secrets: the check above can fail.
    fake.reset();
    await as(table.gm.token, `/api/campaigns/${table.campaignId}/chat`, { query: 'Who pays Hollis Quenby?', context_level: 'high' });
    expect(secretsIn(sentMaterial(fake.requests[0].body)).length).toBeGreaterThan(0);
  });

  it('sends a visible document whole without its GM blocks, and the same for a follow-up', async () => {
    fake.reset();
    const url = `/api/campaigns/${table.campaignId}/documents/${table.lore}/chat`;
    const first = await as(table.players[1].token, url, { query: 'Where does the Pale Lantern meet Quenby?' });
    expect(first.statusCode, first.body).toBe(200);
    const second = await as(table.players[1].token, url, { query: 'Who pays him?', conversation_id: first.json().conversation_id });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().mode).toBe('whole_document');
    for (const request of fake.requests) {
      const documents = documentsIn(request.body);
      expect(documents).toHaveLength(1);
      expect(documents[0].data).toContain('Wenna Corlis');
      expect(secretsIn(sentMaterial(request.body))).toEqual([]);
    }
    for (const answer of [first.json(), second.json()]) expect(secretsIn(answer.response + JSON.stringify(answer.citations))).toEqual([]);
  });
});
