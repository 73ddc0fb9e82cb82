import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';

describe('campaign timeline over /api', () => {
  let t: TestApp;
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };
  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.signUp();
    bob = await t.signUp();
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  async function campaignOf(token: string, name = 'The Sunken Crown') {
    const response = await call(token, 'POST', '/api/campaigns', { name });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  }

  async function datasetOf(userId: string, name: string) {
    const row = await t.services.db
      .insertInto('datasets')
      .values({ user_id: userId, name, metadata: JSON.stringify({}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function documentIn(datasetId: string, userId: string, filename: string, status: 'processing' | 'ready' | 'failed' = 'ready') {
    const row = await t.services.db
      .insertInto('documents')
      .values({ dataset_id: datasetId, user_id: userId, filename, file_type: 'md', status, updated_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const event = (overrides: Record<string, unknown> = {}) => ({
    title: 'The party reaches Saltmarsh',
    date: '1492-10-12',
    event_type: 'player_party',
    ...overrides,
  });

  it('serves the eight event types with name, colour and icon, and the fallback', async () => {
    const response = await call(alice.token, 'GET', '/api/timeline/event-types');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body.event_types)).toEqual([
      'player_party',
      'established_lore',
      'campaign_milestone',
      'npc_event',
      'world_event',
      'battle',
      'discovery',
      'prophecy',
    ]);
    expect(body.event_types.battle).toMatchObject({ name: 'Battle', color: expect.stringMatching(/^#[0-9a-f]{6}$/i) });
    expect(body.fallback).toMatchObject({ name: expect.any(String), color: expect.any(String), icon: expect.any(String) });
    expect((await t.app.inject({ method: 'GET', url: '/api/timeline/event-types' })).statusCode).toBe(401);
  });

  it('keeps events in date order, from 501 BC to the year 12000', async () => {
    const campaign = await campaignOf(alice.token);
    const url = `/api/campaigns/${campaign}/timeline`;
    expect((await call(alice.token, 'GET', url)).json()).toEqual({ events: [] });

    const far = await call(alice.token, 'POST', `${url}/events`, event({ title: 'The stars align', date: '+12000-06-01', event_type: 'prophecy' }));
    expect(far.statusCode).toBe(201);
    expect(far.json()).toMatchObject({ date: '+12000-06-01', event_type: 'prophecy' });
    const ancient = await call(alice.token, 'POST', `${url}/events`, event({ title: 'Fall of Netheril', date: '-0500-03-01', event_type: 'world_event' }));
    expect(ancient.json().date).toBe('-0500-03-01');
    await call(alice.token, 'POST', `${url}/events`, event({ title: 'Second on the same day', date: '1492-10-12' }));
    await call(alice.token, 'POST', `${url}/events`, event({ title: 'Year zero (1 BC)', date: '0000-02-29', event_type: 'established_lore' }));
    await call(alice.token, 'POST', `${url}/events`, event({ title: 'Battle of the Bridge', date: '1492-10-11', event_type: 'battle' }));

    const { events } = (await call(alice.token, 'GET', url)).json();
    expect(events.map((e: { title: string }) => e.title)).toEqual([
      'Fall of Netheril',
      'Year zero (1 BC)',
      'Battle of the Bridge',
      'Second on the same day',
      'The stars align',
    ]);
    expect(events.map((e: { date: string }) => e.date)).toEqual(['-0500-03-01', '0000-02-29', '1492-10-11', '1492-10-12', '+12000-06-01']);
    const battle = events[2];
    const types = (await call(alice.token, 'GET', '/api/timeline/event-types')).json();
    expect(battle.color).toBe(types.event_types.battle.color);
    expect(events[0].color).toBe(types.event_types.world_event.color);
  });

  it('trims fields and splits participants and tags, dropping blanks', async () => {
    const campaign = await campaignOf(alice.token);
    const response = await call(alice.token, 'POST', `/api/campaigns/${campaign}/timeline/events`, {
      title: '  Duel at dawn ',
      date: ' 1492-3-7 ',
      event_type: 'battle',
      location: '  Neverwinter  ',
      description: 'Steel and pride.',
      participants: [' Aria ', '', '  ', 'Borin', 'Aria'],
      tags: 'duel, , honour ,',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: 'Duel at dawn',
      date: '1492-03-07',
      location: 'Neverwinter',
      description: 'Steel and pride.',
      participants: ['Aria', 'Borin'],
      tags: ['duel', 'honour'],
      linked_documents: [],
    });
  });

  it('requires a valid title, date and type, and says which is wrong', async () => {
    const campaign = await campaignOf(alice.token);
    const url = `/api/campaigns/${campaign}/timeline/events`;
    const cases: [object, number, string | RegExp][] = [
      [{ date: '1492-10-12', event_type: 'battle' }, 400, 'Title is required'],
      [event({ title: '   ' }), 400, 'Title is required'],
      [{ title: 'x', event_type: 'battle' }, 400, 'Date is required'],
      [event({ date: '1493-02-29' }), 400, 'No such date: February 1493 has 28 days'],
      [event({ date: '12 Oct 1492' }), 400, /YYYY-MM-DD/],
      [event({ date: '-5000-01-01' }), 400, /4713 BC/],
      [{ title: 'x', date: '1492-10-12' }, 400, 'Event type (event_type) is required'],
      [event({ event_type: 'party' }), 400, /^Event type \(event_type\) must be one of: player_party/],
      [event({ title: 'x'.repeat(201) }), 400, /Title is too long/],
      [event({ participants: 42 }), 400, /Participants must be a list/],
      [event({ linked_documents: 'abc' }), 400, 'linked_documents must be a list of document ids'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await call(alice.token, 'POST', url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      if (typeof message === 'string') expect(response.json().error).toBe(message);
      else expect(response.json().error).toMatch(message);
    }
    expect((await call(alice.token, 'GET', `/api/campaigns/${campaign}/timeline`)).json().events).toEqual([]);
  });

  it('updates every field with PUT and deletes with DELETE', async () => {
    const campaign = await campaignOf(alice.token);
    const url = `/api/campaigns/${campaign}/timeline`;
    const created = (await call(alice.token, 'POST', `${url}/events`, event({ tags: ['a'] }))).json();
    const updated = await call(alice.token, 'PUT', `${url}/events/${created.id}`, {
      title: 'The party flees Saltmarsh',
      date: '1492-11-01',
      event_type: 'npc_event',
      location: 'Docks',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: created.id, title: 'The party flees Saltmarsh', date: '1492-11-01', event_type: 'npc_event', tags: [] });
    expect(updated.json().color).not.toBe(created.color);
    expect((await call(alice.token, 'PUT', `${url}/events/${created.id}`, event({ date: 'soon' }))).statusCode).toBe(400);
    expect((await call(alice.token, 'GET', url)).json().events[0].title).toBe('The party flees Saltmarsh');

    const deleted = await call(alice.token, 'DELETE', `${url}/events/${created.id}`);
    expect(deleted.json()).toEqual({ deleted: created.id });
    expect((await call(alice.token, 'GET', url)).json().events).toEqual([]);
    expect((await call(alice.token, 'DELETE', `${url}/events/${created.id}`)).statusCode).toBe(404);
    expect((await call(alice.token, 'PUT', `${url}/events/${created.id}`, event())).statusCode).toBe(404);
  });

  it('links only documents of tomes linked to the campaign, whatever their status', async () => {
    const campaign = await campaignOf(alice.token);
    const url = `/api/campaigns/${campaign}/timeline`;
    const linkedTome = await datasetOf(alice.userId, 'Saltmarsh notes');
    const otherTome = await datasetOf(alice.userId, 'Unrelated tome');
    await call(alice.token, 'POST', `/api/campaigns/${campaign}/datasets`, { dataset_id: linkedTome });
    const ready = await documentIn(linkedTome, alice.userId, 'harbour.md');
    const processing = await documentIn(linkedTome, alice.userId, 'smugglers.pdf', 'processing');
    const elsewhere = await documentIn(otherTome, alice.userId, 'elsewhere.md');
    const bobsTome = await datasetOf(bob.userId, 'Bob tome');
    const bobsDocument = await documentIn(bobsTome, bob.userId, 'bob.md');

    const documents = (await call(alice.token, 'GET', `${url}/documents`)).json();
    expect(documents.map((d: { filename: string }) => d.filename)).toEqual(['harbour.md', 'smugglers.pdf']);

    const created = await call(alice.token, 'POST', `${url}/events`, event({ linked_documents: [ready, processing, ready] }));
    expect(created.statusCode).toBe(201);
    expect([...created.json().linked_documents].sort()).toEqual([ready, processing].sort());

    for (const stranger of [elsewhere, bobsDocument, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const refused = await call(alice.token, 'POST', `${url}/events`, event({ title: 'Should not exist', linked_documents: [ready, stranger] }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe(`Linked document ${stranger} is not in a Knowledge Tome linked to this campaign`);
      const moved = await call(alice.token, 'PUT', `${url}/events/${created.json().id}`, event({ title: 'Changed', linked_documents: [stranger] }));
      expect(moved.statusCode).toBe(400);
    }
    // Nothing half-written: no extra event, and the first one kept its title and links.
    const { events } = (await call(alice.token, 'GET', url)).json();
    expect(events).toHaveLength(1);
    expect(events[0].title).toBe('The party reaches Saltmarsh');
    expect(events[0].linked_documents).toHaveLength(2);

    // Unlinking the tome keeps existing links editable, but they cannot be added anew.
    await call(alice.token, 'DELETE', `/api/campaigns/${campaign}/datasets/${linkedTome}`);
    const kept = await call(alice.token, 'PUT', `${url}/events/${events[0].id}`, event({ title: 'Renamed', linked_documents: [ready] }));
    expect(kept.statusCode).toBe(200);
    expect(kept.json().linked_documents).toEqual([ready]);
    const readded = await call(alice.token, 'PUT', `${url}/events/${events[0].id}`, event({ linked_documents: [ready, processing] }));
    expect(readded.statusCode).toBe(400);
    const stillShown = (await call(alice.token, 'GET', `${url}/documents`)).json();
    expect(stillShown).toEqual([expect.objectContaining({ id: ready, linkable: false, dataset_name: 'Saltmarsh notes' })]);

    // Deleting the document removes the link.
    await t.services.db.deleteFrom('documents').where('id', '=', ready).execute();
    expect((await call(alice.token, 'GET', url)).json().events[0].linked_documents).toEqual([]);
  });

  it('removes the links with the event, and the events with the campaign', async () => {
    const campaign = await campaignOf(alice.token);
    const tome = await datasetOf(alice.userId, 'Tome');
    await call(alice.token, 'POST', `/api/campaigns/${campaign}/datasets`, { dataset_id: tome });
    const document = await documentIn(tome, alice.userId, 'a.md');
    const created = (await call(alice.token, 'POST', `/api/campaigns/${campaign}/timeline/events`, event({ linked_documents: [document] }))).json();
    await call(alice.token, 'DELETE', `/api/campaigns/${campaign}/timeline/events/${created.id}`);
    const links = await t.services.db.selectFrom('timeline_event_documents').selectAll().where('document_id', '=', document).execute();
    expect(links).toEqual([]);

    await call(alice.token, 'POST', `/api/campaigns/${campaign}/timeline/events`, event());
    await call(alice.token, 'DELETE', `/api/campaigns/${campaign}`);
    const left = await t.services.db.selectFrom('timeline_events').select('id').where('campaign_id', '=', campaign).execute();
    expect(left).toEqual([]);
  });

  it("answers 404 on every timeline route for another user's campaign, and changes nothing", async () => {
    const campaign = await campaignOf(alice.token, 'Private saga');
    const url = `/api/campaigns/${campaign}/timeline`;
    const mine = (await call(alice.token, 'POST', `${url}/events`, event({ title: 'Secret' }))).json();

    const attempts = [
      await call(bob.token, 'GET', url),
      await call(bob.token, 'GET', `${url}/documents`),
      await call(bob.token, 'POST', `${url}/events`, event()),
      await call(bob.token, 'PUT', `${url}/events/${mine.id}`, event({ title: 'Defaced' })),
      await call(bob.token, 'DELETE', `${url}/events/${mine.id}`),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('Campaign not found');
    }
    // Bob's own campaign does not open a door to Alice's event either.
    const bobs = await campaignOf(bob.token, 'Bob saga');
    expect((await call(bob.token, 'PUT', `/api/campaigns/${bobs}/timeline/events/${mine.id}`, event())).statusCode).toBe(404);
    const moved = await call(bob.token, 'DELETE', `/api/campaigns/${bobs}/timeline/events/${mine.id}`);
    expect(moved.statusCode).toBe(404);
    expect(moved.json().error).toBe('Event not found');

    const { events } = (await call(alice.token, 'GET', url)).json();
    expect(events).toEqual([expect.objectContaining({ id: mine.id, title: 'Secret' })]);
  });

  it('answers 404, not a database error, for malformed ids', async () => {
    const campaign = await campaignOf(alice.token);
    expect((await call(alice.token, 'GET', '/api/campaigns/nope/timeline')).statusCode).toBe(404);
    expect((await call(alice.token, 'PUT', `/api/campaigns/${campaign}/timeline/events/x'--`, event())).statusCode).toBe(404);
    expect((await call(alice.token, 'DELETE', `/api/campaigns/${campaign}/timeline/events/123`)).statusCode).toBe(404);
  });

  it('documents the routes in /api/openapi.json', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/timeline/event-types',
        '/api/campaigns/{id}/timeline',
        '/api/campaigns/{id}/timeline/events',
        '/api/campaigns/{id}/timeline/events/{eventId}',
      ]),
    );
  });
});
