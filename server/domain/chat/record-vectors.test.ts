import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ClaudeGenerator } from '../../ai/claude';
import { contentTerms } from '../../ai/terms';
import { VoyageEmbedder } from '../../ai/voyage';
import { searchResultsIn, startFakeAnthropic, type FakeAnthropic } from '../../../tests/support/fake-anthropic';
import { startFakeVoyage, type FakeVoyage } from '../../../tests/support/fake-voyage';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';

/**
 * Session notes and timeline events reached by meaning (issue 35, ADR 0338): with an embedding
 * model, a question that shares no word with a session's notes still brings them to the model,
 * through the fake Voyage server (whose model reads "sank" and "scuttled", "ship" and "galleon"
 * as one). A player's question reaches only shown sessions and events, never a GM block: not as
 * a source, and not even as text sent to the embedding model.
 */
const QUESTION = 'Who sank a ship?';
const SHOWN_NOTES = 'Ivo scuttled the galleon.';

describe('campaign records found by meaning (Voyage through the fake server, Claude through the fake Messages API)', () => {
  let voyage: FakeVoyage;
  let anthropic: FakeAnthropic;
  let t: TestApp;
  let gm: { token: string; userId: string };
  let player: { token: string; userId: string };
  let campaignId: string;
  let hiddenSession: string;

  beforeAll(async () => {
    voyage = await startFakeVoyage({
      sameMeaning: [
        ['ship', 'galleon', 'vessel', 'fleet'],
        ['sank', 'scuttled'],
      ],
    });
    anthropic = await startFakeAnthropic();
    const generator = new ClaudeGenerator({ apiKey: 'test', baseUrl: anthropic.url, model: 'claude-haiku-4-5', maxRetries: 0, timeoutMs: 5_000 });
    const embedder = new VoyageEmbedder({ apiKey: 'voyage-key', baseUrl: voyage.url, model: 'voyage-3.5', maxRetries: 0 });
    t = await createTestApp({ ai: { generator, embedder, engine: 'claude' } });
    gm = await t.signUp();
    player = await t.signUp();
    const call = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(gm.token), payload });
    campaignId = (await call('/api/campaigns', { name: 'Kesper Point' })).json().id;
    await t.services.db.insertInto('campaign_members').values({ campaign_id: campaignId, user_id: player.userId }).execute();
    const session = async (title: string, notes: string, shown: boolean) =>
      (await call(`/api/campaigns/${campaignId}/sessions`, { title, notes, player_visible: shown })).json().id as string;
    await session('Harbour', SHOWN_NOTES, true);
    await session('Lighthouse', 'The keeper lit the lamp.\n\n:::gm\nMorra scuttled a vessel.\n:::\n', true);
    hiddenSession = await session('Behind the screen', 'Morra scuttled the galleon too.', false);
    await call(`/api/campaigns/${campaignId}/timeline/events`, {
      title: 'Morra scuttled the fleet',
      date: '1492-03-15',
      event_type: 'npc_event',
      player_visible: false,
    });
  }, 60_000);
  beforeEach(() => {
    voyage.reset();
    anthropic.reset();
  });
  afterAll(async () => {
    await t.close();
    await voyage.close();
    await anthropic.close();
  });

  const ask = async (token: string) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/campaigns/${campaignId}/chat`, headers: bearer(token), payload: { query: QUESTION } });
    expect(response.statusCode, response.body).toBe(200);
    return searchResultsIn(anthropic.requests.at(-1)!.body);
  };
  const embedded = (type: 'query' | 'document') =>
    voyage.requests.filter((request) => request.body.input_type === type).flatMap((request) => [request.body.input ?? []].flat());

  it('brings the GM every record close in meaning, though the question shares no word with them', async () => {
    expect(contentTerms(SHOWN_NOTES).filter((term) => contentTerms(QUESTION).includes(term))).toEqual([]);
    const sent = await ask(gm.token);
    expect(sent.map((result) => result.title).sort()).toEqual(
      ['Session 1: Harbour', 'Session 2: Lighthouse', 'Session 3: Behind the screen', expect.stringMatching(/^Timeline: Morra scuttled the fleet/)].sort(),
    );
    expect(embedded('query')).toEqual([QUESTION]);
    expect(embedded('document')).toHaveLength(4);
  });

  it('embeds a record once per wording: asked again, only the question is embedded, and the calls are in usage', async () => {
    await ask(gm.token);
    expect(embedded('document')).toEqual([]);
    const usage = (await t.app.inject({ method: 'GET', url: '/api/usage/current-month', headers: bearer(gm.token) })).json();
    expect(usage.month_data.usage_breakdown.embedding.calls).toBeGreaterThanOrEqual(2);
  });

  it('gives a player only shown sessions, without GM blocks; nothing hidden is even sent to the embedding model', async () => {
    const sent = await ask(player.token);
    expect(sent.map((result) => result.title)).toEqual(['Session 1: Harbour']);
    const everything = JSON.stringify({ sent, embedded: embedded('document'), request: anthropic.requests.at(-1)!.body });
    expect(everything).not.toMatch(/Morra|Behind the screen|fleet/);
    expect(everything).not.toContain(hiddenSession);
  });
});
