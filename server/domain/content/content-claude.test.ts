import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GeneratedContent } from '../../../contract/content';
import { ClaudeGenerator } from '../../ai/claude';
import { OfflineEmbedder } from '../../ai/offline-embedder';
import { costOf } from '../../ai/pricing';
import { searchResultsIn, startFakeAnthropic, type AnthropicRequestBody, type FakeAnthropic } from '../../../tests/support/fake-anthropic';
import { seedTome, type SeededTome } from '../../../tests/support/seed-tome';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';
import { SALTMERE_LORE, SRD_MONSTERS } from './test-fixtures';

const STAT_BLOCK = `# Maren Voss

*Medium humanoid (human), lawful neutral*

**Armor Class** 17 (splint)
**Hit Points** 58 (9d8 + 18)`;

/** The text blocks of a message, joined (search results left out). */
function textOf(message: AnthropicRequestBody['messages'][number]): string {
  if (typeof message.content === 'string') return message.content;
  return message.content
    .filter((block) => block.type === 'text')
    .map((block) => block.text)
    .join('\n');
}

describe('content creation through Claude (the fake Messages API)', () => {
  let fake: FakeAnthropic;
  let t: TestApp;
  let gm: { token: string; userId: string };
  let srd: SeededTome;
  let lore: SeededTome;
  let campaignId: string;

  beforeAll(async () => {
    fake = await startFakeAnthropic();
    const generator = new ClaudeGenerator({ apiKey: 'test', baseUrl: fake.url, model: 'claude-haiku-4-5', maxRetries: 0, timeoutMs: 5_000 });
    t = await createTestApp({ ai: { generator, embedder: new OfflineEmbedder(), engine: 'claude' } });
    gm = await t.signUp();
    srd = await seedTome(t.services, gm.userId, { name: 'SRD', documents: [{ filename: 'srd-monsters.md', content: SRD_MONSTERS }] });
    lore = await seedTome(t.services, gm.userId, { name: 'Saltmere', documents: [{ filename: 'saltmere.md', content: SALTMERE_LORE }] });
    campaignId = (await call('POST', '/api/campaigns', { name: 'Lanterns of Saltmere', description: 'Intrigue in a harbour city' })).json().id;
    await call('POST', `/api/campaigns/${campaignId}/datasets`, { dataset_id: lore.datasetId });
    statsRequest = { content_type: 'character', character_format: 'stats', prompt: PROMPT, primary_dataset_id: srd.datasetId };
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  function call(method: 'GET' | 'POST', url: string, payload?: object) {
    return t.app.inject({ method, url, headers: bearer(gm.token), ...(payload ? { payload } : {}) });
  }
  const create = (payload: object) => call('POST', `/api/campaigns/${campaignId}/create-content`, payload);
  const usage = async () => (await call('GET', '/api/usage/current-month')).json();
  const PROMPT = 'Maren Voss, a veteran of the Lantern Watch turned sellsword';
  let statsRequest: { content_type: string; character_format: string; prompt: string; primary_dataset_id: string };

  it('sends the retrieved passages and the stat block layout, and records the usage with its cost', async () => {
    fake.setNext((request) => {
      const veteran = searchResultsIn(request.body).findIndex((r) => (r.title as string).includes('Monsters > Veteran'));
      return {
        kind: 'answer',
        blocks: [{ text: `${STAT_BLOCK}\n\nShe learned her trade in the watch.` }, { text: ' Veterans fight for pay.', cite: [{ searchResult: veteran }] }],
        usage: { input_tokens: 3_000, output_tokens: 900 },
      };
    });
    const before = await usage();
    const response = await create(statsRequest);
    expect(response.statusCode).toBe(200);
    const draft = response.json() as GeneratedContent;

    const sent = fake.requests[0].body;
    expect(JSON.stringify(sent.system)).toContain('Lanterns of Saltmere');
    expect(JSON.stringify(sent.system)).toContain('complete fifth-edition-style stat block');
    expect(JSON.stringify(sent.system)).toContain('**STR** 16 (+3)');
    const results = searchResultsIn(sent);
    const titles = results.map((r) => r.title as string);
    // The primary tome first, then the campaign's linked tome.
    expect(titles[0]).toMatch(/^srd-monsters\.md/);
    expect(titles.some((title) => title.startsWith('saltmere.md'))).toBe(true);
    expect(titles.findIndex((title) => title.startsWith('saltmere.md'))).toBeGreaterThan(titles.findLastIndex((title) => title.startsWith('srd-monsters.md')));
    expect(JSON.stringify(results)).toContain('Armor Class');
    expect(textOf(sent.messages.at(-1)!)).toBe(statsRequest.prompt);

    expect(draft.engine).toBe('claude');
    expect(draft.content).toContain('**Armor Class** 17 (splint)');
    expect(draft.content).toContain('Veterans fight for pay. [1]');
    expect(draft.content).toMatch(/## Sources\n\n1\. \*\*srd-monsters\.md\*\* \(Monsters > Veteran\) — “.+”\n\nAlso consulted: \*\*saltmere\.md\*\*/);
    expect(draft.sources).toEqual(['srd-monsters.md', 'saltmere.md']);
    expect(draft.citations[0]).toMatchObject({ filename: 'srd-monsters.md', document_id: srd.documents[0].id });
    expect(draft.markdown).toContain('title: "Maren Voss"');

    const expectedCost = costOf('claude-haiku-4-5', { inputTokens: 3_000, outputTokens: 900 });
    expect(draft.tokens).toEqual({ total_tokens: 3_900, total_cost: expectedCost });
    const after = await usage();
    expect(after.month_data.usage_breakdown.content_generation.calls).toBe((before.month_data.usage_breakdown.content_generation?.calls ?? 0) + 1);
    expect(after.month_data.usage_breakdown.content_generation.cost - (before.month_data.usage_breakdown.content_generation?.cost ?? 0)).toBeCloseTo(
      expectedCost,
      6,
    );
    expect(after.month_data.total_cost - before.month_data.total_cost).toBeCloseTo(expectedCost, 6);
  });

  it('sends the revision history with each revision, the latest version in full', async () => {
    fake.setNext({ kind: 'answer', text: `${STAT_BLOCK}\n\nVersion one.` });
    const first = (await create(statsRequest)).json() as GeneratedContent;
    const revise = (prompt: string, previous: GeneratedContent) =>
      create({ ...statsRequest, prompt, conversation_id: previous.conversation_id, is_revision: true, original_content: previous.content });

    fake.setNext({ kind: 'answer', text: `${STAT_BLOCK.replace('58 (9d8 + 18)', '71 (11d8 + 22)')}\n\nVersion two.` });
    const second = (await revise('Give her more hit points', first)).json() as GeneratedContent;
    expect(second).toMatchObject({ conversation_id: first.conversation_id, version: 2 });
    expect(second.content).toContain('71 (11d8 + 22)');

    fake.setNext({ kind: 'answer', text: `${STAT_BLOCK.replace('58 (9d8 + 18)', '71 (11d8 + 22)').replace('lawful neutral', 'chaotic good')}\n\nVersion three.` });
    const third = (await revise('Make her chaotic good', second)).json() as GeneratedContent;
    expect(third).toMatchObject({ conversation_id: first.conversation_id, version: 3 });

    const [, secondRequest, thirdRequest] = fake.requests.map((r) => r.body);
    expect(secondRequest.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(textOf(secondRequest.messages[0])).toBe(statsRequest.prompt);
    expect(textOf(secondRequest.messages[1])).toBe(`${STAT_BLOCK}\n\nVersion one.`);
    expect(textOf(secondRequest.messages[2])).toContain('The change I want: Give her more hit points');
    expect(textOf(secondRequest.messages[2])).toContain('keep everything else as it is');
    expect(searchResultsIn(secondRequest).length).toBeGreaterThan(0);

    expect(thirdRequest.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(textOf(thirdRequest.messages[0])).toBe(statsRequest.prompt);
    expect(textOf(thirdRequest.messages[1])).toBe('(Version 1, replaced by the revision that follows.)');
    expect(textOf(thirdRequest.messages[2])).toBe('Give her more hit points');
    expect(textOf(thirdRequest.messages[3])).toContain('Version two.');
    expect(textOf(thirdRequest.messages[4])).toContain('The change I want: Make her chaotic good');
    // The version on screen was the one stored, so it is not sent twice.
    expect(textOf(thirdRequest.messages[4])).not.toContain('Version two.');
  });

  it('revises the version the GM edited on screen', async () => {
    fake.setNext({ kind: 'answer', text: `${STAT_BLOCK}\n\nOriginal tactics.` });
    const first = (await create(statsRequest)).json() as GeneratedContent;
    const edited = first.content.replace('Original tactics.', 'She fights from the rooftops.');
    fake.setNext({ kind: 'answer', text: `${STAT_BLOCK}\n\nShe fights from the rooftops, with a crossbow.` });
    await create({ ...statsRequest, prompt: 'Give her a crossbow', conversation_id: first.conversation_id, is_revision: true, original_content: edited });
    const last = textOf(fake.requests[1].body.messages.at(-1)!);
    expect(last).toContain('This is the current version, with my own edits');
    expect(last).toContain('She fights from the rooftops.');
  });

  it('answers a provider failure with its status and message, and keeps nothing of the request', async () => {
    fake.setNext({ kind: 'answer', text: `${STAT_BLOCK}\n\nKept.` });
    const first = (await create(statsRequest)).json() as GeneratedContent;
    fake.setNext({ kind: 'error', status: 529, type: 'overloaded_error' });
    const failed = await create({ ...statsRequest, prompt: 'Older', conversation_id: first.conversation_id, is_revision: true, original_content: first.content });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error).toBe('The AI service is overloaded right now. Try again in a minute.');

    fake.setNext({ kind: 'answer', text: `${STAT_BLOCK}\n\nOlder.` });
    const retried = (
      await create({ ...statsRequest, prompt: 'Older', conversation_id: first.conversation_id, is_revision: true, original_content: first.content })
    ).json();
    expect(retried.version).toBe(2);
    expect(fake.requests.at(-1)!.body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  });
});
