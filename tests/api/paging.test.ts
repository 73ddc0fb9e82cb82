import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTome } from '../support/seed-tome';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

// Pages of the four long lists (issue 36): `limit` and `cursor` in, `next_cursor` out; without
// them each answers exactly as before. Paging to the end gives the whole list once, also when
// rows are added between pages.

type Listed = { id: string };

describe('pages of /api lists', () => {
  let t: TestApp;
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };
  let datasetId: string;
  let campaignId: string;

  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (token: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

  /** Follows next_cursor to the end; `between` runs after each page (to add rows meanwhile). */
  async function pageThrough(url: string, limit: number, field: 'items' | 'events', between?: (page: number) => Promise<void>) {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      const separator = url.includes('?') ? '&' : '?';
      const response = await get(alice.token, `${url}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as Record<string, unknown> & { next_cursor: string | null };
      const items = body[field] as Listed[];
      expect(items.length).toBeLessThanOrEqual(limit);
      seen.push(...items.map((item) => item.id));
      cursor = body.next_cursor;
      if (cursor === null) return seen;
      expect(items.length).toBe(limit);
      await between?.(page);
    }
    throw new Error('never reached the last page');
  }

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.signUp();
    bob = await t.signUp();
    for (let i = 0; i < 7; i++) expect((await post(alice.token, '/api/datasets', { name: `Tome ${i}` })).statusCode).toBe(201);
    for (let i = 0; i < 7; i++) expect((await post(alice.token, '/api/campaigns', { name: `Campaign ${i}` })).statusCode).toBe(201);
    await post(bob.token, '/api/datasets', { name: 'Bob tome' });
    await post(bob.token, '/api/campaigns', { name: 'Bob campaign' });
    const tome = await seedTome(t.services, alice.userId, {
      name: 'Paged tome',
      documents: Array.from({ length: 8 }, (_, i) => ({ filename: `doc-${i}.md`, content: `# Doc ${i}\n\nText ${i}.` })),
    });
    datasetId = tome.datasetId;
    // Four uploaded in one transaction share one upload time: the order falls back to the name, then the id.
    const sameMoment = new Date('2026-11-01T10:00:00.123456Z');
    await t.services.db
      .updateTable('documents')
      .set({ upload_date: sameMoment })
      .where(
        'id',
        'in',
        tome.documents.slice(0, 4).map((doc) => doc.id),
      )
      .execute();
    campaignId = (await get(alice.token, '/api/campaigns')).json()[0].id;
    for (let i = 0; i < 9; i++) {
      // Three events a day: ties on the date, ordered by when they were written.
      const response = await post(alice.token, `/api/campaigns/${campaignId}/timeline/events`, {
        title: `Event ${i}`,
        event_type: 'battle',
        date: `1000-01-0${1 + (i % 3)}`,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const lists = () => [
    { name: 'tomes', url: '/api/datasets', field: 'items' as const },
    { name: 'documents', url: `/api/datasets/${datasetId}/documents`, field: 'items' as const },
    { name: 'campaigns', url: '/api/campaigns', field: 'items' as const },
    { name: 'timeline', url: `/api/campaigns/${campaignId}/timeline`, field: 'events' as const },
  ];

  it('keeps the whole list, in today’s shape, without limit and cursor', async () => {
    for (const list of lists()) {
      const body = (await get(alice.token, list.url)).json();
      if (list.field === 'events') {
        expect(Object.keys(body)).toEqual(['events']);
        expect(body.events.length).toBe(9);
      } else {
        expect(Array.isArray(body), list.name).toBe(true);
      }
    }
  });

  it('pages each list to the end: the whole list, in its order, each row once', async () => {
    for (const list of lists()) {
      const whole = (await get(alice.token, list.url)).json();
      const expected = (list.field === 'events' ? whole.events : whole).map((row: Listed) => row.id);
      for (const limit of [1, 2, 3, 500]) {
        expect(await pageThrough(list.url, limit, list.field), `${list.name} by ${limit}`).toEqual(expected);
      }
    }
  });

  it('neither repeats nor loses a row when rows are added between pages', async () => {
    const before = (await get(alice.token, '/api/datasets')).json().map((row: Listed) => row.id);
    let added = 0;
    const seen = await pageThrough('/api/datasets', 2, 'items', async () => {
      expect((await post(alice.token, '/api/datasets', { name: `Added meanwhile ${++added}` })).statusCode).toBe(201);
    });
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
    // Tomes go to the end (oldest first), so the ones added meanwhile are read too.
    expect(seen).toEqual((await get(alice.token, '/api/datasets')).json().map((row: Listed) => row.id));

    const eventsBefore = (await get(alice.token, `/api/campaigns/${campaignId}/timeline`)).json().events.map((row: Listed) => row.id);
    const events = await pageThrough(`/api/campaigns/${campaignId}/timeline`, 2, 'events', async (page) => {
      // An event dated before everything read so far, and one after.
      await post(alice.token, `/api/campaigns/${campaignId}/timeline/events`, { title: `Early ${page}`, event_type: 'battle', date: '0900-01-01' });
      await post(alice.token, `/api/campaigns/${campaignId}/timeline/events`, { title: `Late ${page}`, event_type: 'battle', date: '1100-01-01' });
    });
    expect(new Set(events).size).toBe(events.length);
    for (const id of eventsBefore) expect(events).toContain(id);
  });

  it('answers a page of one user’s rows only', async () => {
    const page = (await get(bob.token, '/api/datasets?limit=10')).json();
    expect(page.items.map((row: { name: string }) => row.name)).toEqual(['Bob tome']);
    expect(page.next_cursor).toBeNull();
    // Alice's cursor positions within Bob's own list; it never shows Alice's rows.
    const aliceCursor = (await get(alice.token, '/api/campaigns?limit=1')).json().next_cursor;
    const bobs = (await get(bob.token, `/api/campaigns?cursor=${encodeURIComponent(aliceCursor)}`)).json();
    for (const row of bobs.items as { name: string }[]) expect(row.name).toBe('Bob campaign');
    expect((await get(bob.token, `/api/datasets/${datasetId}/documents?limit=2`)).statusCode).toBe(404);
  });

  it('refuses a bad limit or cursor with a 400 and a clear error', async () => {
    const garbage = Buffer.from(JSON.stringify(['not a time', 'x'])).toString('base64url');
    const wrongLength = Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000000Z'])).toString('base64url');
    for (const query of [
      'limit=0',
      'limit=501',
      'limit=abc',
      'limit=2.5',
      'limit=-1',
      'cursor=%%%',
      `cursor=${garbage}`,
      `cursor=${wrongLength}`,
      'cursor=',
      `cursor=${'A'.repeat(5000)}`,
    ]) {
      for (const list of lists()) {
        const response = await get(alice.token, `${list.url}?${query}`);
        expect(response.statusCode, `${list.name} ${query}`).toBe(400);
        expect(response.json().error, `${list.name} ${query}`).toMatch(/limit must be a whole number from 1 to 500|cursor is not one this server gave out/);
      }
    }
  });
});
