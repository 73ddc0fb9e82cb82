import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';

describe('campaigns over /api/campaigns', () => {
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

  const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  async function datasetOf(userId: string, name: string) {
    const row = await t.services.db
      .insertInto('datasets')
      .values({ user_id: userId, name, metadata: JSON.stringify({}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('creates, lists, links, unlinks and deletes', async () => {
    const created = await call(alice.token, 'POST', '/api/campaigns', { name: '  The Ember Crown ', description: 'A heist' });
    expect(created.statusCode).toBe(201);
    const campaign = created.json();
    expect(campaign).toMatchObject({ name: 'The Ember Crown', description: 'A heist', datasets: [] });

    const tome = await datasetOf(alice.userId, 'Lore');
    const linked = await call(alice.token, 'POST', `/api/campaigns/${campaign.id}/datasets`, { dataset_id: tome });
    expect(linked.json().datasets).toEqual([tome]);
    expect((await call(alice.token, 'POST', `/api/campaigns/${campaign.id}/datasets`, { dataset_id: tome })).json().datasets).toEqual([tome]);
    const list = (await call(alice.token, 'GET', '/api/campaigns')).json();
    expect(list).toHaveLength(1);
    expect(list[0].datasets).toEqual([tome]);

    expect((await call(alice.token, 'DELETE', `/api/campaigns/${campaign.id}/datasets/${tome}`)).json().datasets).toEqual([]);
    expect((await call(alice.token, 'DELETE', `/api/campaigns/${campaign.id}`)).statusCode).toBe(200);
    expect((await call(alice.token, 'GET', '/api/campaigns')).json()).toEqual([]);
  });

  it('requires a name and answers the reason', async () => {
    const response = await call(alice.token, 'POST', '/api/campaigns', { name: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Campaign name is required');
    expect((await call(alice.token, 'POST', '/api/campaigns', {})).statusCode).toBe(400);
  });

  it('renames a campaign and edits its description, checking the input', async () => {
    const campaign = (await call(alice.token, 'POST', '/api/campaigns', { name: 'Working title', description: 'Old' })).json();
    const renamed = await call(alice.token, 'PATCH', `/api/campaigns/${campaign.id}`, { name: ' Curse of the Ember Crown ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: campaign.id, name: 'Curse of the Ember Crown', description: 'Old' });
    const described = await call(alice.token, 'PATCH', `/api/campaigns/${campaign.id}`, { description: '' });
    expect(described.json()).toMatchObject({ name: 'Curse of the Ember Crown', description: '' });
    const blank = await call(alice.token, 'PATCH', `/api/campaigns/${campaign.id}`, { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('Campaign name is required');
    for (const payload of [{}, { name: 'x'.repeat(201) }, { description: 'y'.repeat(5001) }, { name: 42 }]) {
      expect((await call(alice.token, 'PATCH', `/api/campaigns/${campaign.id}`, payload)).statusCode).toBe(400);
    }
    expect((await call(alice.token, 'GET', '/api/campaigns')).json().find((c: { id: string }) => c.id === campaign.id).name).toBe('Curse of the Ember Crown');
  });

  it("never shows or changes another user's campaigns or tomes", async () => {
    const mine = (await call(alice.token, 'POST', '/api/campaigns', { name: 'Private' })).json();
    const aliceTome = await datasetOf(alice.userId, 'Secret notes');
    const bobTome = await datasetOf(bob.userId, 'Bob notes');
    expect((await call(bob.token, 'GET', '/api/campaigns')).json()).toEqual([]);
    expect((await call(bob.token, 'DELETE', `/api/campaigns/${mine.id}`)).statusCode).toBe(404);
    expect((await call(bob.token, 'PATCH', `/api/campaigns/${mine.id}`, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await call(bob.token, 'POST', `/api/campaigns/${mine.id}/datasets`, { dataset_id: bobTome })).statusCode).toBe(404);
    expect((await call(bob.token, 'DELETE', `/api/campaigns/${mine.id}/datasets/${aliceTome}`)).statusCode).toBe(404);
    // Nor may Alice link Bob's tome into her own campaign.
    const stolen = await call(alice.token, 'POST', `/api/campaigns/${mine.id}/datasets`, { dataset_id: bobTome });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error).toBe('Dataset not found');
    expect((await call(alice.token, 'GET', '/api/campaigns')).json().find((c: { id: string }) => c.id === mine.id)).toMatchObject({ name: 'Private', datasets: [] });
  });

  it('answers 404 for malformed ids instead of a database error', async () => {
    expect((await call(alice.token, 'DELETE', '/api/campaigns/not-a-uuid')).statusCode).toBe(404);
    expect((await call(alice.token, 'POST', '/api/campaigns/x/datasets', { dataset_id: "'; drop table users;--" })).statusCode).toBe(404);
  });
});
