import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';
import { hashToken } from '../../domain/accounts/tokens';

describe('personal API tokens over /api/tokens', () => {
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

  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const create = async (session: string, payload: object) => {
    const response = await call(session, 'POST', '/api/tokens', payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; name: string; token: string; created_at: string; expires_at: string | null };
  };

  it('creates a token shown once, stores only its hash, and lists it without the token', async () => {
    const created = await create(alice.token, { name: '  Backup script ', expires_in_days: 30 });
    expect(created).toMatchObject({ name: 'Backup script' });
    expect(created.token).toMatch(/^tkp_[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(created.expires_at ?? '') - Date.parse(created.created_at)).toBeCloseTo(30 * 86_400_000, -5);
    const stored = await t.services.db.selectFrom('api_tokens').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(hashToken(created.token));
    expect(JSON.stringify(stored)).not.toContain(created.token);

    const listed = await call(alice.token, 'GET', '/api/tokens');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(created.token);
    expect(listed.json()).toContainEqual({
      id: created.id,
      name: 'Backup script',
      created_at: created.created_at,
      expires_at: created.expires_at,
      last_used_at: null,
    });
  });

  it('never expires without expires_in_days, with null, or with "never" (the form\'s spelling, ADR 0344)', async () => {
    for (const expiry of [{}, { expires_in_days: null }, { expires_in_days: 'never' }]) {
      const created = await create(alice.token, { name: `forever ${JSON.stringify(expiry)}`, ...expiry });
      expect(created.expires_at, JSON.stringify(expiry)).toBeNull();
    }
  });

  it('works as a bearer token on /api routes and records its last use at most once a minute', async () => {
    const { id, token } = await create(alice.token, { name: 'reader' });
    for (const url of ['/api/auth/me', '/api/campaigns', '/api/datasets']) {
      const response = await call(token, 'GET', url);
      expect(response.statusCode, url).toBe(200);
    }
    expect((await call(token, 'GET', '/api/auth/me')).json().user.id).toBe(alice.userId);
    const created = await call(token, 'POST', '/api/campaigns', { name: 'Scripted campaign' });
    expect(created.statusCode).toBe(201);

    const lastUsed = async () => (await t.services.db.selectFrom('api_tokens').select('last_used_at').where('id', '=', id).executeTakeFirstOrThrow()).last_used_at;
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await call(token, 'GET', '/api/campaigns');
    expect(await lastUsed()).toEqual(first);
    // A minute later the next use is written again.
    await t.services.db
      .updateTable('api_tokens')
      .set({ last_used_at: new Date(Date.now() - 61_000) })
      .where('id', '=', id)
      .execute();
    await call(token, 'GET', '/api/campaigns');
    expect((await lastUsed())!.getTime()).toBeGreaterThan(Date.now() - 30_000);
    expect((await call(alice.token, 'GET', '/api/tokens')).json().find((row: { id: string }) => row.id === id).last_used_at).not.toBeNull();
  });

  it('cannot create, list or revoke tokens itself (sessionOnly)', async () => {
    const { id, token } = await create(alice.token, { name: 'limited' });
    for (const [method, url, body] of [
      ['POST', '/api/tokens', { name: 'minted by a token' }],
      ['GET', '/api/tokens', undefined],
      ['DELETE', `/api/tokens/${id}`, undefined],
      ['POST', '/api/auth/password', { current_password: 'irrelevant', new_password: 'Another-passphrase-2' }],
    ] as const) {
      const response = await call(token, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error).toMatch(/API token cannot/);
    }
    const names = (await call(alice.token, 'GET', '/api/tokens')).json().map((row: { name: string }) => row.name);
    expect(names).toContain('limited');
    expect(names).not.toContain('minted by a token');
  });

  it('answers 401 once revoked, and 404 for another user’s or a missing token', async () => {
    const { id, token } = await create(alice.token, { name: 'short-lived' });
    expect((await call(bob.token, 'DELETE', `/api/tokens/${id}`)).statusCode).toBe(404);
    expect((await call(bob.token, 'GET', '/api/tokens')).json()).toEqual([]);
    expect((await call(token, 'GET', '/api/campaigns')).statusCode).toBe(200);
    expect((await call(alice.token, 'DELETE', '/api/tokens/not-a-uuid')).statusCode).toBe(404);

    const revoked = await call(alice.token, 'DELETE', `/api/tokens/${id}`);
    expect(revoked.statusCode).toBe(204);
    expect(revoked.body).toBe('');
    expect((await call(token, 'GET', '/api/campaigns')).statusCode).toBe(401);
    expect((await call(alice.token, 'DELETE', `/api/tokens/${id}`)).statusCode).toBe(404);
  });

  it('keeps users apart: a token acts only as its owner', async () => {
    const { token } = await create(bob.token, { name: 'bob script' });
    const aliceCampaigns = (await call(alice.token, 'GET', '/api/campaigns')).json() as { id: string }[];
    expect(aliceCampaigns.length).toBeGreaterThan(0);
    expect((await call(token, 'GET', '/api/campaigns')).json()).toEqual([]);
    expect((await call(token, 'GET', `/api/campaigns/${aliceCampaigns[0].id}/timeline`)).statusCode).toBe(404);
  });

  it('answers 401 once expired, or once its account is disabled', async () => {
    const expiring = await create(alice.token, { name: 'expiring', expires_in_days: 1 });
    await t.services.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expiring.id)
      .execute();
    expect((await call(expiring.token, 'GET', '/api/campaigns')).statusCode).toBe(401);

    const carol = await t.signUp();
    const { token } = await create(carol.token, { name: 'carol script' });
    expect((await call(token, 'GET', '/api/campaigns')).statusCode).toBe(200);
    await t.services.db.updateTable('users').set({ disabled: true }).where('id', '=', carol.userId).execute();
    expect((await call(token, 'GET', '/api/campaigns')).statusCode).toBe(401);
  });

  it('refuses bad input with a 400 and a clear error, and a made-up token with a 401', async () => {
    for (const payload of [
      {},
      { name: '   ' },
      { name: 'x'.repeat(101) },
      { name: 'a', expires_in_days: 0 },
      { name: 'a', expires_in_days: 1.5 },
      { name: 'a', expires_in_days: 'soon' },
      { name: 'a', expires_in_days: 3651 },
    ]) {
      const response = await call(alice.token, 'POST', '/api/tokens', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toEqual(expect.any(String));
    }
    expect((await call('tkp_madeup', 'GET', '/api/campaigns')).statusCode).toBe(401);
    expect((await call(`tkp_${'A'.repeat(43)}`, 'GET', '/api/campaigns')).statusCode).toBe(401);
  });
});
