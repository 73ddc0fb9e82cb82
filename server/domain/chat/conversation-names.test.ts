import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';
import { saveExchange } from './conversations';

describe('conversations renamed, searched and deleted', () => {
  let t: TestApp;
  let gm: { token: string; userId: string };
  let stranger: { token: string; userId: string };
  let campaignId: string;

  const save = async (question: string) =>
    (
      await saveExchange(t.services.db, {
        userId: gm.userId,
        conversationId: null,
        owner: { kind: 'campaign_chat', campaignId, audience: 'gm' },
        question,
        askedAt: new Date(),
        answer: `About ${question}`,
        citations: [],
        engine: 'offline',
        tokens: 1,
        costInfo: { total_cost: 0, input_tokens: 0, output_tokens: 0 },
      })
    ).conversationId;

  beforeAll(async () => {
    t = await createTestApp();
    gm = await t.signUp();
    stranger = await t.signUp();
    campaignId = (await t.app.inject({ method: 'POST', url: '/api/campaigns', headers: bearer(gm.token), payload: { name: 'Named' } })).json().id;
  });
  afterAll(async () => {
    await t.close();
  });

  const url = (id = '') => `/api/campaigns/${campaignId}/conversations${id}`;

  it('renames a conversation: the history shows the new name, searched by it', async () => {
    const id = await save('Where is the crown?');
    const renamed = await t.app.inject({ method: 'PATCH', url: url(`/${id}`), headers: bearer(gm.token), payload: { title: '  Crown hunt  ' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id, title: 'Crown hunt', preview: 'Crown hunt', message_count: 2 });
    const found = (await t.app.inject({ method: 'GET', url: `${url()}?q=crown%20HUNT`, headers: bearer(gm.token) })).json() as Array<{ id: string }>;
    expect(found.map((c) => c.id)).toEqual([id]);
  });

  it('searches the messages too, with % and _ read as themselves', async () => {
    const id = await save('What does the 100% tax cover?');
    await save('Who rules the harbour?');
    const byAnswer = (await t.app.inject({ method: 'GET', url: `${url()}?q=${encodeURIComponent('100%')}`, headers: bearer(gm.token) })).json() as Array<{
      id: string;
    }>;
    expect(byAnswer.map((c) => c.id)).toEqual([id]);
    const none = (await t.app.inject({ method: 'GET', url: `${url()}?q=_x_`, headers: bearer(gm.token) })).json();
    expect(none).toEqual([]);
  });

  it('refuses an empty name with 400 and changes nothing', async () => {
    const id = await save('Untitled question');
    const response = await t.app.inject({ method: 'PATCH', url: url(`/${id}`), headers: bearer(gm.token), payload: { title: '   ' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/name/);
    const conversation = (await t.app.inject({ method: 'GET', url: `${url()}?q=Untitled`, headers: bearer(gm.token) })).json();
    expect(conversation[0].title).toBeNull();
  });

  it('deletes a conversation with its messages; another user gets 404 and deletes nothing', async () => {
    const id = await save('Delete me');
    const theirs = await t.app.inject({ method: 'DELETE', url: url(`/${id}`), headers: bearer(stranger.token) });
    expect(theirs.statusCode).toBe(404);
    const renameTheirs = await t.app.inject({ method: 'PATCH', url: url(`/${id}`), headers: bearer(stranger.token), payload: { title: 'Mine now' } });
    expect(renameTheirs.statusCode).toBe(404);
    const deleted = await t.app.inject({ method: 'DELETE', url: url(`/${id}`), headers: bearer(gm.token) });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: id });
    expect((await t.app.inject({ method: 'GET', url: url(`/${id}`), headers: bearer(gm.token) })).statusCode).toBe(404);
    const left = await t.services.db.selectFrom('messages').select('id').where('conversation_id', '=', id).execute();
    expect(left).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: url(`/${id}`), headers: bearer(gm.token) })).statusCode).toBe(404);
  });
});
