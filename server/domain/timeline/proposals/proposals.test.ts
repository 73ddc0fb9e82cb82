import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClaudeGenerator } from '../../../ai/claude';
import { OfflineEmbedder } from '../../../ai/offline-embedder';
import { startFakeAnthropic, type FakeAnthropic } from '../../../../tests/support/fake-anthropic';
import { seedTome } from '../../../../tests/support/seed-tome';
import { bearer, createTestApp, type TestApp } from '../../../../tests/support/test-app';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const LOG = fixture('session-3.log');
const NOTES = fixture('campaign-notes.md');
const HARPTOS = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../fixtures/fantasy-calendar/harptos.json'), 'utf8'));

interface Proposal {
  id: string;
  document_id: string;
  title: string;
  date: string;
  day: number;
  date_label: string;
  estimated: boolean;
  event_type: string;
  participants: string[];
  location: string;
  quote: string;
  start: number;
  end: number;
  status: string;
  event_id: string | null;
  engine: string;
}

let setUps = 0;

async function setUp(t: TestApp, gm: { token: string; userId: string }) {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(gm.token), ...(payload !== undefined ? { payload: payload as object } : {}) });
  const tome = await seedTome(t.services, gm.userId, {
    // A GM's tomes never share a name.
    name: `Salt Road logs ${++setUps}`,
    documents: [
      { filename: 'session-3.log', content: LOG },
      { filename: 'campaign-notes.md', content: NOTES },
    ],
  });
  const campaign = (await call('POST', '/api/campaigns', { name: 'The Salt Road' })).json().id as string;
  expect((await call('POST', `/api/campaigns/${campaign}/datasets`, { dataset_id: tome.datasetId })).statusCode).toBeLessThan(300);
  const documentId = (filename: string) => tome.documents.find((document) => document.filename === filename)!.id;
  return { call, campaign, tome, documentId };
}

describe('session notes -> proposed events (offline engine)', () => {
  let t: TestApp;
  let gm: { token: string; userId: string };
  let bob: { token: string; userId: string };
  beforeAll(async () => {
    t = await createTestApp();
    gm = await t.signUp();
    bob = await t.signUp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads a timestamped log into the evening’s events, each citing its passage', async () => {
    const { call, campaign, documentId } = await setUp(t, gm);
    await call('POST', `/api/campaigns/${campaign}/timeline/events`, { title: 'Left Dunmere', date: '1492-03-01', event_type: 'player_party' });
    const response = await call('POST', `/api/campaigns/${campaign}/timeline/proposals`, { document_id: documentId('session-3.log') });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { engine: string; created: number; proposals: Proposal[] };
    expect(body.engine).toBe('offline');
    expect(body.created).toBe(3);
    const [arrival, ambush, map] = body.proposals;
    expect(body.proposals.map((proposal) => proposal.title)).toEqual([
      'The caravan reaches Hollowmere at noon',
      'Six Ashen Hand raiders attack the caravan at the ford',
      'Idris Fenn pries open the crate and finds a map of the Sunless Vault',
    ]);
    expect(body.proposals.map((proposal) => proposal.event_type)).toEqual(['player_party', 'battle', 'discovery']);
    expect(arrival).toMatchObject({ location: 'Hollowmere', participants: ['Osric Pell'], status: 'pending', engine: 'offline' });
    expect(ambush.participants).toEqual(['Wynn Ashdown', 'Sister Calla']);
    expect(ambush.location).toBe('Hollowmere');
    expect(map.location).toBe('Hollowmere');
    // No in-world date in a log: the session lands the day after the latest event, marked estimated.
    for (const proposal of body.proposals) {
      expect(proposal).toMatchObject({ date: '1492-03-02', estimated: true });
      expect(LOG.slice(proposal.start, proposal.end)).toBe(proposal.quote);
    }
    expect(arrival.quote).toBe('The caravan reaches Hollowmere at noon. Warden Osric Pell warns them that the bridge is out.');
  });

  it('reads markdown notes by their Session headings, and in-world dates in the campaign’s calendar', async () => {
    const { call, campaign, documentId } = await setUp(t, gm);
    expect((await call('POST', `/api/campaigns/${campaign}/calendar/import`, HARPTOS)).statusCode).toBe(200);
    const { proposals } = (await call('POST', `/api/campaigns/${campaign}/timeline/proposals`, { document_id: documentId('campaign-notes.md') })).json() as {
      proposals: Proposal[];
    };
    expect(proposals.map((proposal) => [proposal.title, proposal.event_type, proposal.estimated])).toEqual([
      ['On the 3rd of Ches, 1492, the party crossed into the Greyfells', 'player_party', false],
      ['Sister Calla dreams of a drowned bell; a vision of the Sunless Vault flooding', 'prophecy', false],
      ['Interrogation: a captured scout says Warden Osric Pell sold the bridge plans', 'npc_event', false],
      ['The party reaches the Sunless Vault and finds the drowned bell', 'discovery', true],
    ]);
    expect(proposals[0].date_label).toBe('3 Ches 1492 DR');
    expect(proposals[1].date).toBe(proposals[0].date);
    for (const proposal of proposals) expect(NOTES.slice(proposal.start, proposal.end)).toBe(proposal.quote);
  });

  it('accepts (with edits) and rejects; an accepted event links its document, and proposing again duplicates nothing', async () => {
    const { call, campaign, documentId } = await setUp(t, gm);
    const logId = documentId('session-3.log');
    const { proposals } = (await call('POST', `/api/campaigns/${campaign}/timeline/proposals`, { document_id: logId })).json() as { proposals: Proposal[] };
    const [arrival, ambush, map] = proposals;

    const accepted = await call('POST', `/api/campaigns/${campaign}/timeline/proposals/${arrival.id}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({ title: arrival.title, day: arrival.day, location: 'Hollowmere', linked_documents: [logId] });
    const edited = await call('POST', `/api/campaigns/${campaign}/timeline/proposals/${ambush.id}/accept`, {
      title: 'Ambush at the ford',
      date: '1492-05-14',
      participants: 'Wynn Ashdown, Idris Fenn',
    });
    expect(edited.json()).toMatchObject({ title: 'Ambush at the ford', date: '1492-05-14', participants: ['Wynn Ashdown', 'Idris Fenn'], event_type: 'battle' });
    const badDate = await call('POST', `/api/campaigns/${campaign}/timeline/proposals/${map.id}/accept`, { date: '1492-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error).toBe('No such date: February 1492 has 29 days');
    expect((await call('POST', `/api/campaigns/${campaign}/timeline/proposals/${map.id}/reject`)).statusCode).toBe(200);
    expect((await call('POST', `/api/campaigns/${campaign}/timeline/proposals/${map.id}/accept`, {})).statusCode).toBe(409);
    expect((await call('POST', `/api/campaigns/${campaign}/timeline/proposals/${arrival.id}/accept`, {})).json().error).toBe('This proposal was already accepted');

    const again = (await call('POST', `/api/campaigns/${campaign}/timeline/proposals`, { document_id: logId })).json();
    expect(again.created).toBe(0);
    expect(again.proposals.map((proposal: Proposal) => proposal.status)).toEqual(['accepted', 'accepted', 'rejected']);
    const events = (await call('GET', `/api/campaigns/${campaign}/timeline`)).json().events;
    expect(events.map((event: { title: string }) => event.title).sort()).toEqual(['Ambush at the ford', 'The caravan reaches Hollowmere at noon']);
  });

  it('says when a proposal matches an event already on the timeline, and merges it instead of duplicating', async () => {
    const { call, campaign, documentId } = await setUp(t, gm);
    await call('POST', `/api/campaigns/${campaign}/timeline/events`, { title: 'Left Dunmere', date: '1492-03-01', event_type: 'player_party' });
    // The GM wrote the ambush by hand on the session's day.
    const byHand = (
      await call('POST', `/api/campaigns/${campaign}/timeline/events`, { title: 'Ashen Hand raiders attack', date: '1492-03-02', event_type: 'battle' })
    ).json();
    const { proposals } = (await call('POST', `/api/campaigns/${campaign}/timeline/proposals`, { document_id: documentId('session-3.log') })).json() as {
      proposals: Array<Proposal & { matches_event: { id: string; title: string } | null }>;
    };
    const ambush = proposals.find((proposal) => proposal.title.includes('raiders'))!;
    expect(ambush.matches_event).toMatchObject({ id: byHand.id, title: 'Ashen Hand raiders attack' });
    expect(proposals.filter((proposal) => proposal.matches_event)).toHaveLength(1);

    const merged = await call('POST', `/api/campaigns/${campaign}/timeline/proposals/${ambush.id}/accept`, { merge_into: byHand.id });
    expect(merged.statusCode, merged.body).toBe(201);
    expect(merged.json()).toMatchObject({ id: byHand.id, title: 'Ashen Hand raiders attack', linked_documents: [documentId('session-3.log')] });
    const events = (await call('GET', `/api/campaigns/${campaign}/timeline`)).json().events as Array<{ title: string }>;
    expect(events.filter((event) => /raiders/.test(event.title))).toHaveLength(1);
  });

  it('accepts all at once, shown to the players or not as the GM chooses, and players see only what is shown', async () => {
    const { call, campaign, documentId } = await setUp(t, gm);
    await call('POST', `/api/campaigns/${campaign}/timeline/proposals`, { document_id: documentId('session-3.log') });
    await call('POST', `/api/campaigns/${campaign}/timeline/proposals`, { document_id: documentId('campaign-notes.md') });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/campaigns/${campaign}/timeline/proposals/accept-all`, headers: bearer(bob.token), payload: {} })).statusCode,
    ).toBe(404);

    const shown = await call('POST', `/api/campaigns/${campaign}/timeline/proposals/accept-all`, { document_id: documentId('session-3.log'), player_visible: true });
    expect(shown.json()).toEqual({ accepted: 3, merged: 0 });
    const hidden = await call('POST', `/api/campaigns/${campaign}/timeline/proposals/accept-all`, {});
    expect(hidden.json()).toEqual({ accepted: 4, merged: 0 });
    expect((await call('GET', `/api/campaigns/${campaign}/timeline/proposals`)).json().proposals.every((p: Proposal) => p.status === 'accepted')).toBe(true);

    const invite = (await call('POST', `/api/campaigns/${campaign}/invites`, {})).json() as { code: string };
    await t.app.inject({ method: 'POST', url: '/api/invites/redeem', headers: bearer(bob.token), payload: { code: invite.code } });
    const seen = (await t.app.inject({ method: 'GET', url: `/api/campaigns/${campaign}/timeline`, headers: bearer(bob.token) })).json().events as Array<{
      title: string;
    }>;
    expect(seen.map((event) => event.title).sort()).toEqual([
      'Idris Fenn pries open the crate and finds a map of the Sunless Vault',
      'Six Ashen Hand raiders attack the caravan at the ford',
      'The caravan reaches Hollowmere at noon',
    ]);
  });

  it("never places an undated session on today's real date: the calendar's own current date instead", async () => {
    const { call, campaign, documentId } = await setUp(t, gm);
    await call('POST', `/api/campaigns/${campaign}/calendar/import`, HARPTOS);
    const { proposals } = (await call('POST', `/api/campaigns/${campaign}/timeline/proposals`, { document_id: documentId('session-3.log') })).json() as {
      proposals: Proposal[];
    };
    // harptos.json's current date is 14 Ches 1492.
    for (const proposal of proposals) expect(proposal).toMatchObject({ date_label: '14 Ches 1492 DR', estimated: true });
  });

  it('refuses documents outside the campaign and other users', async () => {
    const { call, campaign, documentId } = await setUp(t, gm);
    const other = await seedTome(t.services, gm.userId, { name: 'Unlinked', documents: [{ filename: 'other.log', content: LOG }] });
    const unlinked = await call('POST', `/api/campaigns/${campaign}/timeline/proposals`, { document_id: other.documents[0].id });
    expect(unlinked.statusCode).toBe(400);
    expect(unlinked.json().error).toBe('other.log is not in a Knowledge Tome linked to this campaign');
    expect((await call('POST', `/api/campaigns/${campaign}/timeline/proposals`, { document_id: 'nope' })).statusCode).toBe(404);
    expect((await call('POST', `/api/campaigns/${campaign}/timeline/proposals`, {})).statusCode).toBe(400);

    const { proposals } = (await call('POST', `/api/campaigns/${campaign}/timeline/proposals`, { document_id: documentId('session-3.log') })).json();
    const asBob = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(bob.token), ...(payload ? { payload } : {}) });
    for (const [method, url, payload] of [
      ['GET', `/api/campaigns/${campaign}/timeline/proposals`, undefined],
      ['POST', `/api/campaigns/${campaign}/timeline/proposals`, { document_id: documentId('session-3.log') }],
      ['POST', `/api/campaigns/${campaign}/timeline/proposals/${proposals[0].id}/accept`, {}],
      ['POST', `/api/campaigns/${campaign}/timeline/proposals/${proposals[0].id}/reject`, undefined],
      ['POST', `/api/campaigns/${campaign}/timeline/proposals/accept-all`, {}],
    ] as const) {
      const response = await asBob(method, url, payload);
      expect(response.statusCode).toBe(404);
    }
    expect((await call('GET', `/api/campaigns/${campaign}/timeline/proposals`)).json().proposals[0].status).toBe('pending');
  });
});

describe('session notes -> proposed events (Claude, through the fake Messages API)', () => {
  let fake: FakeAnthropic;
  let t: TestApp;
  let gm: { token: string; userId: string };
  beforeAll(async () => {
    fake = await startFakeAnthropic();
    const generator = new ClaudeGenerator({ apiKey: 'test', baseUrl: fake.url, model: 'claude-haiku-4-5', maxRetries: 0, timeoutMs: 5_000 });
    t = await createTestApp({ ai: { generator, embedder: new OfflineEmbedder(), engine: 'claude' } });
    gm = await t.signUp();
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('forces the proposal tool, keeps only passages found in the document, and records the call in usage', async () => {
    const { call, campaign, documentId } = await setUp(t, gm);
    fake.setNext({
      kind: 'tool',
      input: {
        events: [
          {
            title: 'Raiders at the ford',
            date_text: '15 March 1492',
            session: 1,
            event_type: 'battle',
            participants: ['Wynn Ashdown'],
            location: 'the ford',
            quote: 'Combat: six Ashen Hand raiders attack the caravan at the ford.',
          },
          { title: 'Invented', session: 1, event_type: 'prophecy', quote: 'A dragon lands on the caravan.' },
          { title: 'Experience', session: 1, event_type: 'campaign_milestone', quote: 'Session ends. XP: 900 each.' },
          {
            title: 'The map',
            date_text: null,
            session: 1,
            event_type: 'discovery',
            quote: 'Idris Fenn pries open the crate and finds a map of the Sunless Vault.',
          },
        ],
      },
      usage: { input_tokens: 1200, output_tokens: 300 },
    });
    const response = await call('POST', `/api/campaigns/${campaign}/timeline/proposals`, { document_id: documentId('session-3.log') });
    expect(response.statusCode, response.body).toBe(200);
    const { engine, proposals } = response.json() as { engine: string; proposals: Proposal[] };
    expect(engine).toBe('claude');
    expect(proposals.map((proposal) => [proposal.title, proposal.date, proposal.estimated])).toEqual([
      ['Raiders at the ford', '1492-03-15', false],
      // No date of its own: the date written before it in the session.
      ['The map', '1492-03-15', false],
    ]);
    for (const proposal of proposals) expect(LOG.slice(proposal.start, proposal.end)).toBe(proposal.quote);

    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].body.tool_choice).toEqual({ type: 'tool', name: 'propose_timeline_events' });
    expect(JSON.stringify(fake.requests[0].body.messages)).toContain('Hollowmere');
    const usage = await t.services.db.selectFrom('usage_events').selectAll().where('user_id', '=', gm.userId).execute();
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ feature: 'timeline', input_tokens: 1200, output_tokens: 300 });
  });

  it("holds the model's proposals from a chat transcript to the same reading: a roll's result or a reaction is never proposed", async () => {
    const chat = [
      '[20:01] kestrel_gm: The Duke of Ashmere arrives in Whitby by the night train.',
      '[20:02] Ana: I roll to spot him... 17!',
      '[20:03] kestrel_gm: The Duke dines alone at the Royal Hotel.',
      '[20:04] Ana: lol same',
    ].join('\n');
    const tome = await seedTome(t.services, gm.userId, { name: 'Whitby chat', documents: [{ filename: 'whitby.log', content: chat }] });
    const call = (method: 'POST', url: string, payload: object) => t.app.inject({ method, url, headers: bearer(gm.token), payload });
    const campaign = (await call('POST', '/api/campaigns', { name: 'Whitby' })).json().id as string;
    await call('POST', `/api/campaigns/${campaign}/datasets`, { dataset_id: tome.datasetId });
    const quotes = [
      'The Duke of Ashmere arrives in Whitby by the night train.',
      'I roll to spot him... 17!',
      'The Duke dines alone at the Royal Hotel.',
      'lol same',
    ];
    fake.setNext({
      kind: 'tool',
      input: { events: quotes.map((quote) => ({ title: quote, session: 1, event_type: 'player_party', quote })) },
      usage: { input_tokens: 10, output_tokens: 10 },
    });
    const response = await call('POST', `/api/campaigns/${campaign}/timeline/proposals`, { document_id: tome.documents[0].id });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { proposals: Proposal[] }).proposals.map((proposal) => proposal.quote)).toEqual([quotes[0], quotes[2]]);
  });

  it('answers a failing AI service with a 5xx that says what happened, and stores nothing', async () => {
    const { call, campaign, documentId } = await setUp(t, gm);
    fake.setNext({ kind: 'error', status: 529, type: 'overloaded_error', message: 'Overloaded' });
    const response = await call('POST', `/api/campaigns/${campaign}/timeline/proposals`, { document_id: documentId('session-3.log') });
    expect(response.statusCode).toBeGreaterThanOrEqual(502);
    expect(response.json().error).toEqual(expect.any(String));
    expect((await call('GET', `/api/campaigns/${campaign}/timeline/proposals`)).json().proposals).toEqual([]);
  });
});
