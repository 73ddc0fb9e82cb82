import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignChatAnswer, ChatCitation } from '../../../contract/chat';
import { seedTome, type SeededTome } from '../../../tests/support/seed-tome';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';

const RULES = `# Adventuring

## Falling

At the end of a fall, a creature takes 1d6 bludgeoning damage for every 10 feet it fell, to a maximum of 20d6. The creature lands prone.

## Suffocating

A creature can hold its breath for a number of minutes equal to 1 + its Constitution modifier (minimum of 30 seconds).`;

const SECRETS = `# The Ember Crown

The Ember Crown lies hidden beneath the lighthouse of Saltmere, guarded by the drowned knight Oswin.`;

/** Server-sent events as [event, data] pairs. */
function parseEvents(body: string): Array<[string, any]> {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
      return [event, JSON.parse(data)];
    });
}

describe('campaign chat with the offline engine', () => {
  let t: TestApp;
  let alice: { token: string; userId: string; username: string };
  let bob: { token: string; userId: string };
  let rules: SeededTome;
  let secrets: SeededTome;
  let campaignId: string;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.signUp();
    bob = await t.signUp();
    rules = await seedTome(t.services, alice.userId, { name: 'Rules', documents: [{ filename: 'rules.md', content: RULES }] });
    secrets = await seedTome(t.services, alice.userId, { name: 'Secrets', documents: [{ filename: 'secrets.md', content: SECRETS }] });
    campaignId = (await call(alice.token, 'POST', '/api/campaigns', { name: 'Saltmere' })).json().id;
    await call(alice.token, 'POST', `/api/campaigns/${campaignId}/datasets`, { dataset_id: rules.datasetId });
  });
  afterAll(async () => {
    await t.close();
  });

  function call(token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) {
    return t.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload ? { payload } : {}) });
  }
  const ask = (payload: object, id = campaignId, token = alice.token) => call(token, 'POST', `/api/campaigns/${id}/chat`, payload);

  it('answers from the linked tome with citations that name the document', async () => {
    const response = await ask({ query: 'How much damage does a character take when they fall 60 feet?' });
    expect(response.statusCode).toBe(200);
    const answer = response.json() as CampaignChatAnswer;
    expect(answer.engine).toBe('offline');
    expect(answer.response).toContain('Offline engine');
    expect(answer.response).toContain('1d6 bludgeoning damage for every 10 feet');
    expect(answer.citations.length).toBeGreaterThan(0);
    const citation = answer.citations[0];
    expect(citation).toMatchObject({
      filename: 'rules.md',
      document_id: rules.documents[0].id,
      dataset_id: rules.datasetId,
      page: null,
    });
    expect(rules.documents[0].chunkIds.map(String)).toContain(citation.source_id);
    expect(RULES).toContain(citation.quote);

    const list = (await call(alice.token, 'GET', `/api/campaigns/${campaignId}/conversations`)).json();
    expect(list).toEqual([
      expect.objectContaining({ id: answer.conversation_id, preview: 'How much damage does a character take when they fall 60 feet?', message_count: 2 }),
    ]);
  });

  it('keeps the conversation for follow-ups and returns its messages', async () => {
    const first = (await ask({ query: 'How long can someone hold their breath?' })).json() as CampaignChatAnswer;
    const follow = (await ask({ query: 'And what is the minimum?', conversation_id: first.conversation_id, context_level: 'low' })).json();
    expect(follow.conversation_id).toBe(first.conversation_id);
    // The follow-up has no subject of its own; the earlier question carries it to the right passage.
    expect(follow.citations[0].quote).toContain('minimum of 30 seconds');

    const conversation = (await call(alice.token, 'GET', `/api/campaigns/${campaignId}/conversations/${first.conversation_id}`)).json();
    expect(conversation.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(conversation.messages[0]).toMatchObject({ content: 'How long can someone hold their breath?', citations: [], engine: null });
    expect(conversation.messages[3]).toMatchObject({ engine: 'offline', content: follow.response });
    expect(conversation.messages[3].citations).toEqual(follow.citations);
    expect(Date.parse(conversation.messages[0].timestamp)).toBeLessThanOrEqual(Date.parse(conversation.messages[1].timestamp));

    const list = (await call(alice.token, 'GET', `/api/campaigns/${campaignId}/conversations`)).json();
    expect(list[0]).toMatchObject({ id: first.conversation_id, message_count: 4 });
  });

  it('never cites a tome that is not linked, even one unlinked a moment ago', async () => {
    const unlinked = (await ask({ query: 'Where is the Ember Crown hidden?' })).json() as CampaignChatAnswer;
    expect(unlinked.citations.every((c: ChatCitation) => c.dataset_id === rules.datasetId)).toBe(true);
    expect(unlinked.response).not.toContain('lighthouse');

    await call(alice.token, 'POST', `/api/campaigns/${campaignId}/datasets`, { dataset_id: secrets.datasetId });
    const linked = (await ask({ query: 'Where is the Ember Crown hidden?' })).json() as CampaignChatAnswer;
    expect(linked.citations[0]).toMatchObject({ dataset_id: secrets.datasetId, filename: 'secrets.md' });
    expect(linked.response).toContain('lighthouse of Saltmere');

    await call(alice.token, 'DELETE', `/api/campaigns/${campaignId}/datasets/${secrets.datasetId}`);
    const again = (await ask({ query: 'Where is the Ember Crown hidden?' })).json() as CampaignChatAnswer;
    expect(again.citations.some((c: ChatCitation) => c.dataset_id === secrets.datasetId)).toBe(false);
    expect(again.response).not.toContain('lighthouse');
  });

  it('streams the answer as server-sent events when asked to', async () => {
    const response = await call(
      alice.token,
      'POST',
      `/api/campaigns/${campaignId}/chat`,
      { query: 'How long can someone hold their breath?' },
      { accept: 'text/event-stream' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = parseEvents(response.body);
    const deltas = events.filter(([name]) => name === 'delta').map(([, data]) => data.text);
    const [lastName, done] = events.at(-1)!;
    expect(lastName).toBe('done');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(done.response);
    expect(done.citations[0].quote).toContain('hold its breath');
    expect(done.conversation_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a blank question or a wrong context level with the reason', async () => {
    const blank = await ask({ query: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toContain('Type a question for the assistant first.');
    const level = await ask({ query: 'Falling?', context_level: 'extreme' });
    expect(level.statusCode).toBe(400);
    expect(level.json().error).toContain('context_level must be low, medium or high');
    // Input errors answer as JSON even when a stream was asked for.
    const streamed = await call(alice.token, 'POST', `/api/campaigns/${campaignId}/chat`, { query: '' }, { accept: 'text/event-stream' });
    expect(streamed.statusCode).toBe(400);
  });

  it('records every AI call in the month’s usage', async () => {
    const before = (await call(alice.token, 'GET', '/api/usage/current-month')).json();
    await ask({ query: 'How far does a creature fall before 20d6?' });
    const after = (await call(alice.token, 'GET', '/api/usage/current-month')).json();
    expect(after.month_data.usage_breakdown.campaign_chat.calls).toBe(before.month_data.usage_breakdown.campaign_chat.calls + 1);
    expect(after.month_data.usage_breakdown.embedding.calls).toBe(before.month_data.usage_breakdown.embedding.calls + 1);
    expect(after.month_data.api_calls).toBe(before.month_data.api_calls + 2);
    expect(after.month_data.total_output_tokens).toBeGreaterThan(before.month_data.total_output_tokens);
  });

  it('answers 404 to another user on every chat and conversation route', async () => {
    const mine = (await ask({ query: 'How long can someone hold their breath?' })).json() as CampaignChatAnswer;
    const documentId = rules.documents[0].id;
    const attempts = [
      await ask({ query: 'Falling?' }, campaignId, bob.token),
      await ask({ query: 'Falling?', conversation_id: mine.conversation_id }, campaignId, bob.token),
      await call(bob.token, 'GET', `/api/campaigns/${campaignId}/conversations`),
      await call(bob.token, 'GET', `/api/campaigns/${campaignId}/conversations/${mine.conversation_id}`),
      await call(bob.token, 'POST', `/api/datasets/${rules.datasetId}/documents/${documentId}/chat`, { query: 'Falling?' }),
    ];
    expect(attempts.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404]);

    // Bob's own campaign cannot continue Alice's conversation either.
    const bobsCampaign = (await call(bob.token, 'POST', '/api/campaigns', { name: 'Bob' })).json().id;
    const hijack = await ask({ query: 'Falling?', conversation_id: mine.conversation_id }, bobsCampaign, bob.token);
    expect(hijack.statusCode).toBe(404);
    expect(hijack.json().error).toBe('Conversation not found');
    expect((await call(bob.token, 'GET', `/api/campaigns/${bobsCampaign}/conversations/${mine.conversation_id}`)).statusCode).toBe(404);
    expect((await call(alice.token, 'GET', `/api/campaigns/${campaignId}/conversations/not-a-uuid`)).statusCode).toBe(404);
  });

  it('documents the chat routes in the OpenAPI contract', async () => {
    const spec = (await call(alice.token, 'GET', '/api/openapi.json')).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/campaigns/{id}/chat',
        '/api/campaigns/{id}/conversations',
        '/api/campaigns/{id}/conversations/{conversationId}',
        '/api/datasets/{id}/documents/{docId}/chat',
      ]),
    );
    expect(spec.paths['/api/campaigns/{id}/chat'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('context_level');
  });

  it('says so when no tome is linked', async () => {
    const bare = (await call(alice.token, 'POST', '/api/campaigns', { name: 'Empty shelf' })).json().id;
    const answer = (await ask({ query: 'Where is the Ember Crown hidden?' }, bare)).json() as CampaignChatAnswer;
    expect(answer.citations).toEqual([]);
    expect(answer.response).toContain('Nothing in the linked tomes matched');
  });
});
