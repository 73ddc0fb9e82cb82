import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionNotesFromFile } from '../../domain/sessions/sessions';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';

const HARPTOS = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../domain/timeline/fixtures/fantasy-calendar/harptos.json'), 'utf8'));

/** Session notes in the Forgotten Realms, with a GM block and table talk. */
const NOTES_7 = [
  'The party rides out of Greywater at dawn.',
  '',
  ':::gm',
  'The ferryman is a Zhentarim spy and reports their route.',
  ':::',
  '',
  'On 2 Eleasis 1372 the company reaches the Sunless Vault and finds the sealed door.',
  '',
  'Jo rolled three natural 20s in a row and we stopped for pizza.',
].join('\n');

const NOTES_8 = 'Captain Brannock ambushes the party on the Salt Road.\n\nThe party burns the bandit camp.';

interface Session {
  id: string;
  number: number;
  title: string;
  notes: string;
  notes_hold_gm_blocks: boolean;
  played_on: string | null;
  world_start: string | null;
  world_end: string | null;
  world_label: string | null;
  player_visible: boolean;
}

describe('/api/campaigns/:id/sessions', () => {
  let t: TestApp;
  let gm: { token: string; userId: string };
  let player: { token: string; userId: string };
  let stranger: { token: string; userId: string };
  let campaign: string;

  const as = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });
  const asGm = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => as(gm.token, method, url, payload);

  beforeAll(async () => {
    t = await createTestApp();
    gm = await t.signUp();
    player = await t.signUp();
    stranger = await t.signUp();
    campaign = (await asGm('POST', '/api/campaigns', { name: 'Greywater' })).json().id;
    expect((await asGm('POST', `/api/campaigns/${campaign}/calendar/import`, HARPTOS)).statusCode).toBe(200);
    await t.services.db.insertInto('campaign_members').values({ campaign_id: campaign, user_id: player.userId }).execute();
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('makes, reads, edits and deletes sessions with in-world dates read in the campaign calendar', async () => {
    const created = await asGm('POST', `/api/campaigns/${campaign}/sessions`, {
      title: 'Out of Greywater',
      played_on: '2026-11-20',
      world_start: '28 Flamerule 1372',
      world_end: '2 Eleasis 1372',
      notes: NOTES_7,
    });
    expect(created.statusCode, created.body).toBe(201);
    const first = created.json() as Session;
    expect(first).toMatchObject({
      number: 1,
      played_on: '2026-11-20',
      world_start: '1372-09-28',
      world_end: '1372-11-02',
      world_label: '28 Flamerule 1372 DR – 2 Eleasis 1372 DR',
      notes_hold_gm_blocks: true,
      player_visible: false,
    });

    const second = (await asGm('POST', `/api/campaigns/${campaign}/sessions`, { title: 'The Salt Road', notes: NOTES_8, player_visible: true })).json() as Session;
    expect(second.number).toBe(2);
    expect(second.world_label).toBeNull();

    const edited = await asGm('PATCH', `/api/campaigns/${campaign}/sessions/${second.id}`, { title: 'Ambush on the Salt Road', world_start: 'Shieldmeet 1372' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Ambush on the Salt Road', notes: NOTES_8, player_visible: true, world_label: 'Shieldmeet, 1372 DR' });

    const listed = (await asGm('GET', `/api/campaigns/${campaign}/sessions`)).json() as Session[];
    expect(listed.map((session) => session.number)).toEqual([1, 2]);
    expect((await asGm('GET', `/api/campaigns/${campaign}/sessions/${first.id}`)).json().notes).toBe(NOTES_7);

    const extra = (await asGm('POST', `/api/campaigns/${campaign}/sessions`, { title: 'Scratch', number: 40 })).json() as Session;
    expect(extra.number).toBe(40);
    expect((await asGm('DELETE', `/api/campaigns/${campaign}/sessions/${extra.id}`)).json()).toEqual({ deleted: extra.id });
    expect((await asGm('GET', `/api/campaigns/${campaign}/sessions/${extra.id}`)).statusCode).toBe(404);
    expect((await asGm('DELETE', `/api/campaigns/${campaign}/sessions/${extra.id}`)).statusCode).toBe(404);
  });

  it('pages with limit and cursor like the other lists', async () => {
    const page1 = (await asGm('GET', `/api/campaigns/${campaign}/sessions?limit=1`)).json();
    expect(page1.items).toHaveLength(1);
    expect(page1.next_cursor).toEqual(expect.any(String));
    const page2 = (await asGm('GET', `/api/campaigns/${campaign}/sessions?limit=1&cursor=${encodeURIComponent(page1.next_cursor)}`)).json();
    expect(page2.items[0].number).toBeGreaterThan(page1.items[0].number);
    expect((await asGm('GET', `/api/campaigns/${campaign}/sessions?cursor=nonsense`)).statusCode).toBe(400);
    expect((await asGm('GET', `/api/campaigns/${campaign}/sessions?limit=0`)).statusCode).toBe(400);
  });

  it('refuses bad input with a clear 400 or 409, writing nothing', async () => {
    const before = (await asGm('GET', `/api/campaigns/${campaign}/sessions`)).json().length;
    const cases: Array<[unknown, number, RegExp]> = [
      [{}, 400, /title/i],
      [{ title: '   ' }, 400, /title is required/],
      [{ title: 'x', world_start: '31 Flamerule 1372' }, 400, /world_start/],
      [{ title: 'x', world_start: 'next Tuesday' }, 400, /world_start/],
      [{ title: 'x', world_end: '1372-09-01' }, 400, /world_end needs a world_start/],
      [{ title: 'x', world_start: '1372-09-10', world_end: '1372-09-01' }, 400, /before/],
      [{ title: 'x', played_on: '2026-02-30' }, 400, /played_on/],
      [{ title: 'x', number: 0 }, 400, /number/],
      [{ title: 'x', number: 'two' }, 400, /number/],
      [{ title: 'x', notes: 5 }, 400, /notes/],
      [{ title: 'x', number: 1 }, 409, /already a session 1/],
    ];
    for (const [body, status, message] of cases) {
      const response = await asGm('POST', `/api/campaigns/${campaign}/sessions`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().error, JSON.stringify(body)).toMatch(message);
    }
    expect((await asGm('GET', `/api/campaigns/${campaign}/sessions`)).json()).toHaveLength(before);
  });

  it("shows a player only the sessions the GM shows, never the GM's blocks; writes and other users meet 404", async () => {
    const all = (await asGm('GET', `/api/campaigns/${campaign}/sessions`)).json() as Session[];
    const [hidden, shown] = all;
    // Show session 1 too: its GM block stays hidden.
    await asGm('PATCH', `/api/campaigns/${campaign}/sessions/${hidden.id}`, { player_visible: true });
    const seen = (await as(player.token, 'GET', `/api/campaigns/${campaign}/sessions`)).json() as Session[];
    expect(seen.map((session) => session.id)).toEqual([hidden.id, shown.id]);
    expect(seen[0].notes).toContain('Sunless Vault');
    expect(seen[0].notes).not.toContain('Zhentarim');
    expect(seen[0].notes).not.toContain(':::gm');
    expect(seen[0].notes_hold_gm_blocks).toBe(false);
    expect((await as(player.token, 'GET', `/api/campaigns/${campaign}/sessions/${hidden.id}`)).json().notes).not.toContain('Zhentarim');
    // The GM's own view holds it: the checks above can fail.
    expect((await asGm('GET', `/api/campaigns/${campaign}/sessions/${hidden.id}`)).json().notes).toContain('Zhentarim');

    await asGm('PATCH', `/api/campaigns/${campaign}/sessions/${hidden.id}`, { player_visible: false });
    expect(((await as(player.token, 'GET', `/api/campaigns/${campaign}/sessions`)).json() as Session[]).map((session) => session.id)).toEqual([shown.id]);
    expect((await as(player.token, 'GET', `/api/campaigns/${campaign}/sessions/${hidden.id}`)).statusCode).toBe(404);

    for (const token of [player.token, stranger.token]) {
      for (const [method, url, body] of [
        ['POST', `/api/campaigns/${campaign}/sessions`, { title: 'Mine now' }],
        ['PATCH', `/api/campaigns/${campaign}/sessions/${shown.id}`, { title: 'Mine now' }],
        ['DELETE', `/api/campaigns/${campaign}/sessions/${shown.id}`, undefined],
        ['POST', `/api/campaigns/${campaign}/sessions/${shown.id}/proposals`, undefined],
      ] as const) {
        expect((await as(token, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
      }
    }
    for (const url of [`/api/campaigns/${campaign}/sessions`, `/api/campaigns/${campaign}/sessions/${shown.id}`]) {
      expect((await as(stranger.token, 'GET', url)).statusCode).toBe(404);
    }
    expect((await asGm('GET', `/api/campaigns/${campaign}/sessions/${shown.id}`)).json().title).toBe('Ambush on the Salt Road');
  });

  it("proposes events from a session's notes: text dates first, then the session's date, then the day after the previous session's", async () => {
    const [first, second] = (await asGm('GET', `/api/campaigns/${campaign}/sessions`)).json() as Session[];
    const proposed = await asGm('POST', `/api/campaigns/${campaign}/sessions/${first.id}/proposals`);
    expect(proposed.statusCode, proposed.body).toBe(200);
    const result = proposed.json();
    expect(result.engine).toBe('offline');
    expect(result.proposals.map((p: { quote: string }) => p.quote).join('\n')).not.toMatch(/pizza/);
    const byQuote = (quote: RegExp) => result.proposals.find((p: { quote: string }) => quote.test(p.quote));
    expect(byQuote(/rides out of Greywater/)).toMatchObject({ date_label: '28 Flamerule 1372 DR', estimated: true, session_id: first.id, document_id: null });
    expect(byQuote(/Sunless Vault/)).toMatchObject({ date_label: '2 Eleasis 1372 DR', estimated: false, filename: 'Session 1: Out of Greywater' });
    const offsets = byQuote(/Sunless Vault/);
    expect(NOTES_7.slice(offsets.start, offsets.end)).toBe(offsets.quote);

    // Session 2 has no in-world date: its passages fall the day after session 1's range ends.
    await asGm('PATCH', `/api/campaigns/${campaign}/sessions/${second.id}`, { world_start: null });
    const next = (await asGm('POST', `/api/campaigns/${campaign}/sessions/${second.id}/proposals`)).json();
    expect(next.proposals.length).toBeGreaterThan(0);
    for (const proposal of next.proposals) expect(proposal).toMatchObject({ date_label: '3 Eleasis 1372 DR', estimated: true });

    // Proposing again adds nothing; accepting all of one session leaves the other's pending.
    expect((await asGm('POST', `/api/campaigns/${campaign}/sessions/${first.id}/proposals`)).json().created).toBe(0);
    const accepted = (await asGm('POST', `/api/campaigns/${campaign}/timeline/proposals/accept-all`, { session_id: second.id })).json();
    expect(accepted.accepted).toBe(next.proposals.length);
    const remaining = (await asGm('GET', `/api/campaigns/${campaign}/timeline/proposals`)).json().proposals as Array<{ status: string; session_id: string }>;
    expect(remaining.filter((p) => p.status === 'pending').every((p) => p.session_id === first.id)).toBe(true);
    const events = (await asGm('GET', `/api/campaigns/${campaign}/timeline`)).json().events as Array<{ date_label: string; linked_documents: string[] }>;
    expect(events.length).toBe(next.proposals.length);
    for (const event of events) expect(event).toMatchObject({ date_label: '3 Eleasis 1372 DR', linked_documents: [] });

    const empty = (await asGm('POST', `/api/campaigns/${campaign}/sessions`, { title: 'No notes yet' })).json() as Session;
    const refused = await asGm('POST', `/api/campaigns/${campaign}/sessions/${empty.id}/proposals`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/no notes/);

    // Deleting a session takes its proposals with it; its accepted events stay.
    expect((await asGm('DELETE', `/api/campaigns/${campaign}/sessions/${first.id}`)).statusCode).toBe(200);
    const left = (await asGm('GET', `/api/campaigns/${campaign}/timeline/proposals`)).json().proposals as Array<{ session_id: string }>;
    expect(left.some((p) => p.session_id === first.id)).toBe(false);
    expect((await asGm('GET', `/api/campaigns/${campaign}/timeline`)).json().events.length).toBe(events.length);
  });
});

describe('a session log uploaded as notes', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it('reads .md, .txt and .log files as text, with Windows line ends made plain', () => {
    expect(sessionNotesFromFile('session-9.md', bytes('# Session 9\r\nThe party sails.\r\n'))).toBe('# Session 9\nThe party sails.\n');
    expect(sessionNotesFromFile('LOG.TXT', bytes('caf\xe9'))).toBe('caf\xe9');
    expect(sessionNotesFromFile('table.log', new Uint8Array([0x63, 0x61, 0x66, 0xe9]))).toBe('café');
  });
  it('refuses other files with a message that says what to do', () => {
    expect(() => sessionNotesFromFile('map.png', bytes('x'))).toThrow(/text file/);
    expect(() => sessionNotesFromFile('notes', bytes('x'))).toThrow(/text file/);
    expect(() => sessionNotesFromFile('binary.txt', new Uint8Array([0, 1, 2, 0, 0, 3, 4, 0]))).toThrow(/does not read as text/);
    expect(() => sessionNotesFromFile('huge.md', new Uint8Array(1024 * 1024 + 1).fill(0x61))).toThrow(/larger than 1 MB/);
  });
});
