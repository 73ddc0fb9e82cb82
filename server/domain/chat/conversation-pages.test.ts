import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';
import { saveExchange } from './conversations';

describe('conversation lists a page at a time', () => {
  let t: TestApp;
  let gm: { token: string; userId: string };
  let campaignId: string;
  const saved: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    gm = await t.signUp();
    campaignId = (await t.app.inject({ method: 'POST', url: '/api/campaigns', headers: bearer(gm.token), payload: { name: 'Paged' } })).json().id;
    for (let n = 0; n < 7; n++) {
      const exchange = await saveExchange(t.services.db, {
        userId: gm.userId,
        conversationId: null,
        owner: { kind: 'campaign_chat', campaignId, audience: 'gm' },
        question: `Question ${n}`,
        askedAt: new Date(),
        answer: `Answer ${n}`,
        citations: [],
        engine: 'offline',
        tokens: 1,
        costInfo: { total_cost: 0, input_tokens: 0, output_tokens: 0 },
      });
      saved.push(exchange.conversationId);
      // A second apart, so newest-first has one right order.
      await t.services.db
        .updateTable('conversations')
        .set({ updated_at: new Date(Date.UTC(2026, 0, 1, 12, 0, n)) })
        .where('id', '=', exchange.conversationId)
        .execute();
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const list = (query: string, token = gm.token) =>
    t.app.inject({ method: 'GET', url: `/api/campaigns/${campaignId}/conversations${query}`, headers: bearer(token) });

  it('walks every conversation once, newest first, by following the Link header', async () => {
    const seen: string[] = [];
    let url: string | undefined = `/api/campaigns/${campaignId}/conversations?limit=3`;
    let pages = 0;
    while (url) {
      const response: { statusCode: number; headers: Record<string, unknown>; json(): unknown } = await t.app.inject({
        method: 'GET',
        url,
        headers: bearer(gm.token),
      });
      expect(response.statusCode).toBe(200);
      const page = response.json() as Array<{ id: string; preview: string }>;
      expect(page.length).toBeLessThanOrEqual(3);
      seen.push(...page.map((c) => c.id));
      pages += 1;
      url = /<([^>]+)>; rel="next"/.exec(String(response.headers.link ?? ''))?.[1];
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...saved].reverse());
  });

  it('answers the newest 50 without a limit, and no Link on the last page', async () => {
    const response = await list('');
    expect(response.json()).toHaveLength(7);
    expect(response.headers.link).toBeUndefined();
  });

  it('refuses a bad limit or cursor with the reason', async () => {
    for (const query of ['?limit=0', '?limit=101', '?limit=ten']) {
      const response = await list(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain('limit must be a number from 1 to 100');
    }
    const cursor = await list('?before=not-a-cursor');
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().error).toContain('before must be the cursor of an earlier page');
  });

  it('gives another user neither the list nor anything through a cursor', async () => {
    const bob = await t.signUp();
    expect((await list('?limit=2', bob.token)).statusCode).toBe(404);
    const bobsCampaign = (await t.app.inject({ method: 'POST', url: '/api/campaigns', headers: bearer(bob.token), payload: { name: 'Mine' } })).json().id;
    const probe = await t.app.inject({ method: 'GET', url: `/api/campaigns/${bobsCampaign}/conversations?before=${saved[3]}`, headers: bearer(bob.token) });
    expect(probe.statusCode).toBe(200);
    expect(probe.json()).toEqual([]);
  });
});
