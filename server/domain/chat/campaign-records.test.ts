import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClaudeGenerator } from '../../ai/claude';
import { OfflineEmbedder } from '../../ai/offline-embedder';
import { searchResultsIn, startFakeAnthropic, type FakeAnthropic } from '../../../tests/support/fake-anthropic';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';

/**
 * The Assistant answers from the campaign's timeline and sessions (issue 35 items 4 and 5): the
 * GM from all of it, a player from what the GM shows (never a GM-only event, a hidden session or
 * a `:::gm` block), each record cited like a passage with a label and a link.
 */
interface Citation {
  source_id: string;
  filename: string;
  quote: string;
  document_id: string | null;
  link?: string | null;
}

async function seatTable(t: TestApp) {
  const gm = await t.signUp();
  const player = await t.signUp();
  const call = (method: 'POST' | 'PATCH', url: string, payload: object) => t.app.inject({ method, url, headers: bearer(gm.token), payload });
  const campaignId = (await call('POST', '/api/campaigns', { name: 'Greywater Road' })).json().id as string;
  await t.services.db.insertInto('campaign_members').values({ campaign_id: campaignId, user_id: player.userId }).execute();
  const event = async (title: string, date: string, shown: boolean) =>
    (
      await call('POST', `/api/campaigns/${campaignId}/timeline/events`, { title, date, event_type: 'player_party', location: 'Greywater', player_visible: shown })
    ).json().id as string;
  const greywater = await event('The party reaches Greywater', '1492-03-14', true);
  const betrayal = await event('Abbess Morwen betrays the harbour watch in secret', '1492-03-15', false);
  const session = async (title: string, notes: string, shown: boolean) =>
    (await call('POST', `/api/campaigns/${campaignId}/sessions`, { title, notes, player_visible: shown, world_start: '1492-03-16' })).json().id as string;
  const first = await session('Arrival', 'The party arrives at the harbour and hires a boat.', true);
  const latest = await session(
    'The drowned bell',
    'The party dives for the drowned bell beneath the lighthouse and brings it up at dusk.\n\n:::gm\nThe bell is cursed by Abbess Morwen.\n:::\n',
    true,
  );
  const hidden = await session('Behind the screen', 'Abbess Morwen meets the smugglers at the drowned chapel.', false);
  return { gm, player, campaignId, greywater, betrayal, first, latest, hidden };
}

describe('campaign chat from the timeline and the sessions (offline engine)', () => {
  let t: TestApp;
  let table: Awaited<ReturnType<typeof seatTable>>;
  const ask = async (token: string, query: string) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/campaigns/${table.campaignId}/chat`, headers: bearer(token), payload: { query } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { response: string; citations: Citation[] };
  };

  beforeAll(async () => {
    t = await createTestApp();
    table = await seatTable(t);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('answers "what happened last session?" from the latest session, citing it with its label and link', async () => {
    // The GM's latest session is the one the players do not see.
    const answer = await ask(table.gm.token, 'What happened last session?');
    expect(answer.response).toMatch(/smugglers at the drowned chapel/);
    expect(answer.citations[0]).toMatchObject({
      filename: 'Session 3: Behind the screen',
      document_id: null,
      link: `/campaigns/${table.campaignId}/sessions#session-${table.hidden}`,
    });
    expect(answer.citations[0].quote).toMatch(/smugglers/);
  });

  it('answers "when did we reach Greywater?" from the timeline event, with its date', async () => {
    const answer = await ask(table.gm.token, 'When did we reach Greywater?');
    const cited = answer.citations.find((c) => c.filename.startsWith('Timeline: The party reaches Greywater'));
    expect(cited, JSON.stringify(answer.citations)).toMatchObject({
      filename: 'Timeline: The party reaches Greywater (14 March 1492)',
      link: `/timeline?campaign=${table.campaignId}&edit=${table.greywater}`,
    });
    expect(answer.response).toMatch(/14 March 1492|Greywater/);
  });

  it("gives the GM the GM-only event and the GM's blocks, and a player none of them", async () => {
    const secrets = /Morwen|cursed|smugglers|betray/i;
    const gmAnswer = await ask(table.gm.token, 'What did Abbess Morwen do?');
    // The GM's answer reaches the secrets: the player's checks below can fail.
    expect(`${gmAnswer.response} ${gmAnswer.citations.map((c) => `${c.filename} ${c.quote}`).join(' ')}`).toMatch(secrets);

    for (const query of ['What did Abbess Morwen do?', 'What happened last session?', 'Is the drowned bell cursed?', 'Who betrayed the harbour watch?']) {
      const answer = await ask(table.player.token, query);
      const seen = `${answer.response} ${answer.citations.map((c) => `${c.filename} ${c.quote} ${c.link ?? ''}`).join(' ')}`;
      expect(seen, query).not.toMatch(secrets);
      expect(seen, query).not.toContain(table.hidden);
      expect(seen, query).not.toContain(table.betrayal);
    }
    const last = await ask(table.player.token, 'What happened last session?');
    expect(last.citations[0]).toMatchObject({ filename: 'Session 2: The drowned bell', link: `/campaigns/${table.campaignId}/sessions#session-${table.latest}` });
    const reached = await ask(table.player.token, 'When did we reach Greywater?');
    expect(reached.citations.find((c) => c.filename.startsWith('Timeline:'))?.link).toBe(`/play/${table.campaignId}?view=timeline`);
  });
});

describe('campaign chat from the timeline and the sessions (Claude, through the fake Messages API)', () => {
  let fake: FakeAnthropic;
  let t: TestApp;
  let table: Awaited<ReturnType<typeof seatTable>>;

  beforeAll(async () => {
    fake = await startFakeAnthropic();
    const generator = new ClaudeGenerator({ apiKey: 'test', baseUrl: fake.url, model: 'claude-haiku-4-5', maxRetries: 0, timeoutMs: 5_000 });
    t = await createTestApp({ ai: { generator, embedder: new OfflineEmbedder(), engine: 'claude' } });
    table = await seatTable(t);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('sends the records as cited sources, maps a citation of one to its label and link, and records the call in usage', async () => {
    fake.setNext((request) => {
      const results = searchResultsIn(request.body);
      const session = results.findIndex((r) => r.title === 'Session 3: Behind the screen');
      return {
        kind: 'answer',
        blocks: [{ text: 'Last session Abbess Morwen met the smugglers.', cite: [{ searchResult: session, startBlock: 0, endBlock: 1 }] }],
        usage: { input_tokens: 900, output_tokens: 30 },
      };
    });
    const usage = async () => (await t.app.inject({ method: 'GET', url: '/api/usage/current-month', headers: bearer(table.gm.token) })).json();
    const before = await usage();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${table.campaignId}/chat`,
      headers: bearer(table.gm.token),
      payload: { query: 'What happened last session?' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as { response: string; citations: Citation[]; engine: string };
    expect(answer.engine).toBe('claude');
    expect(answer.citations).toEqual([
      expect.objectContaining({
        filename: 'Session 3: Behind the screen',
        document_id: null,
        link: `/campaigns/${table.campaignId}/sessions#session-${table.hidden}`,
        quote: expect.stringContaining('smugglers'),
      }),
    ]);
    const sent = searchResultsIn(fake.requests.at(-1)!.body);
    expect(sent.map((r) => r.title)).toContain('Session 3: Behind the screen');
    const after = await usage();
    expect(after.month_data.usage_breakdown.campaign_chat.calls).toBe((before.month_data.usage_breakdown.campaign_chat?.calls ?? 0) + 1);
    expect(after.month_data.total_input_tokens - before.month_data.total_input_tokens).toBe(900);

    // A player's request to the model never carries the GM's records.
    fake.reset();
    await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${table.campaignId}/chat`,
      headers: bearer(table.player.token),
      payload: { query: 'What did Abbess Morwen do last session?' },
    });
    const playerSent = JSON.stringify(fake.requests.at(-1)!.body.messages);
    expect(playerSent).toContain('drowned bell');
    expect(playerSent).not.toMatch(/cursed|smugglers|betrays/);
  });
});
