import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createRegistrationCode } from './registration-codes';

describe('accounts over /api/auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const register = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
  const login = (username: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip });

  it('registers with a code and answers user and token, and the token works', async () => {
    const code = await createRegistrationCode(t.services.db);
    const response = await register({ username: 'Aria', email: 'aria@example.com', password: 'Dragons4ever', registration_code: code });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({ username: 'Aria', email: 'aria@example.com' });
    expect(body.token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    expect(response.headers['set-cookie']).toMatch(/tk_session=.*HttpOnly.*SameSite=Lax/i);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(body.token) });
    expect(me.json().user.username).toBe('Aria');
  });

  it('stores only a hash of the token', async () => {
    const { token } = await t.signUp();
    const rows = await t.services.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
  });

  it('refuses a wrong, used-up or expired code with "Invalid registration code"', async () => {
    const base = { email: 'x@example.com', password: 'Dragons4ever' };
    expect((await register({ ...base, username: 'nope1', registration_code: 'TOME-WRONG' })).json().error).toContain('Invalid registration code');
    const once = await createRegistrationCode(t.services.db, { uses: 1 });
    expect((await register({ ...base, username: 'first1', registration_code: once })).statusCode).toBe(200);
    const second = await register({ ...base, username: 'second1', registration_code: once });
    expect(second.statusCode).toBe(403);
    expect(second.json().error).toContain('Invalid registration code');
    const expired = await createRegistrationCode(t.services.db, { expiresInDays: -1 });
    expect((await register({ ...base, username: 'late1', registration_code: expired })).json().error).toContain('Invalid registration code');
  });

  it('does not use up a code when the registration fails for another reason', async () => {
    const code = await createRegistrationCode(t.services.db, { uses: 1 });
    const weak = await register({ username: 'weakling', email: 'w@example.com', password: 'short', registration_code: code });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toBe('Password must be at least 8 characters long');
    const ok = await register({ username: 'weakling', email: 'w@example.com', password: 'Stronger123', registration_code: code });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a taken username (any case) with "already exists" and validates fields', async () => {
    const { username } = await t.signUp();
    const code = await createRegistrationCode(t.services.db);
    const taken = await register({ username: username.toUpperCase(), email: 'y@example.com', password: 'Dragons4ever', registration_code: code });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toContain('already exists');
    const badEmail = await register({ username: 'mailless', email: 'not-an-email', password: 'Dragons4ever', registration_code: code });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error).toMatch(/email/i);
    const mix = await register({ username: 'mixless', email: 'm@example.com', password: 'alllowercase1', registration_code: code });
    expect(mix.json().error).toBe('Password must contain uppercase, lowercase, and numeric characters');
    const long = await register({ username: 'longpass', email: 'l@example.com', password: 'Aa1' + 'x'.repeat(70), registration_code: code });
    expect(long.statusCode).toBe(200);
  });

  it('logs in, and refuses a wrong password with "Invalid credentials" for known and unknown names alike', async () => {
    const { username } = await t.signUp();
    expect((await login(username, 'Dragons4ever', '10.1.0.1')).statusCode).toBe(200);
    const wrong = await login(username, 'Wrong12345', '10.1.0.1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('Invalid credentials');
    expect((await login('nobody-here', 'Wrong12345', '10.1.0.1')).json().error).toBe('Invalid credentials');
  });

  it('locks an account for an address after 5 failures in 15 minutes, without locking its owner elsewhere', async () => {
    const { username } = await t.signUp();
    for (let i = 0; i < 5; i++) expect((await login(username, 'Wrong12345', '10.2.0.1')).statusCode).toBe(401);
    const locked = await login(username, 'Dragons4ever', '10.2.0.1');
    expect(locked.statusCode).toBe(423);
    expect(locked.json().error).toContain('Account locked');
    expect(locked.json().error).toMatch(/Try again in 1[45] minutes/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await login(username, 'Dragons4ever', '10.2.0.2')).statusCode).toBe(200);
    // The lock lapses once the failures are older than the window.
    await t.services.db
      .updateTable('login_failures')
      .set({ failed_at: new Date(Date.now() - 16 * 60_000) })
      .execute();
    expect((await login(username, 'Dragons4ever', '10.2.0.1')).statusCode).toBe(200);
  });

  it('limits login attempts per address with "Too many login attempts"', async () => {
    let last;
    for (let i = 0; i < 21; i++) last = await login(`spray${i}`, 'Wrong12345', '10.3.0.1');
    expect(last!.statusCode).toBe(429);
    expect(last!.json().error).toContain('Too many login attempts');
    expect((await login('spray-other', 'Wrong12345', '10.3.0.2')).statusCode).toBe(401);
  });

  it('does not count successful logins toward the per-address throttle', async () => {
    const { username } = await t.signUp();
    for (let i = 0; i < 25; i++) expect((await login(username, 'Dragons4ever', '10.3.1.1')).statusCode).toBe(200);
    expect((await login('spray-after', 'Wrong12345', '10.3.1.1')).statusCode).toBe(401);
  });

  it('answers a taken name and a bad code the same until the code is valid', async () => {
    const { username } = await t.signUp();
    const base = { email: 'z@example.com', password: 'Dragons4ever', registration_code: 'TOME-WRONG' };
    const takenBadCode = await register({ ...base, username });
    const freeBadCode = await register({ ...base, username: 'never-taken-name' });
    expect(takenBadCode.statusCode).toBe(403);
    expect(takenBadCode.json()).toEqual(freeBadCode.json());
    const code = await createRegistrationCode(t.services.db, { uses: 1 });
    const takenGoodCode = await register({ ...base, username, registration_code: code });
    expect(takenGoodCode.statusCode).toBe(409);
    // The refusal did not use the code up.
    expect((await register({ ...base, username: 'now-free-name', registration_code: code })).statusCode).toBe(200);
  });

  it('answers 401 on /api without a valid session, and logout revokes the token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer('made-up') })).statusCode).toBe(401);
    const { token } = await t.signUp();
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('expires sessions after SESSION_TTL_DAYS, and slides expiry on use', async () => {
    const { token, userId } = await t.signUp();
    await t.services.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 10 * 60_000), expires_at: new Date(Date.now() + 60_000) })
      .where('user_id', '=', userId)
      .execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
    const slid = await t.services.db.selectFrom('sessions').select('expires_at').where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(slid.expires_at.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    await t.services.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', userId)
      .execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('refuses a disabled account with "not whitelisted" and ends its sessions at once', async () => {
    const { token, username } = await t.signUp();
    const { runAdminCommand } = await import('../../cli/admin-commands');
    await runAdminCommand(t.services.db, 'disable', [username]);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
    const refused = await login(username, 'Dragons4ever', '10.4.0.1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toContain('not whitelisted');
    await runAdminCommand(t.services.db, 'enable', [username]);
    expect((await login(username, 'Dragons4ever', '10.4.0.1')).statusCode).toBe(200);
  });

  it('stops a code holder from listing accounts: five refused names per code, then 429; refusals count toward the address throttle', async () => {
    const names = await Promise.all([1, 2, 3, 4, 5, 6].map(async () => (await t.signUp()).username));
    const code = await createRegistrationCode(t.services.db, { uses: 5 });
    const probe = (username: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: ip,
        payload: { username, email: 'p@example.com', password: 'Dragons4ever', registration_code: code },
      });
    for (const [i, name] of names.slice(0, 5).entries()) expect((await probe(name, `10.4.0.${i + 1}`)).statusCode).toBe(409);
    const sixth = await probe(names[5], '10.4.0.9');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).not.toContain('exists');
    expect(sixth.headers['retry-after']).toBeDefined();

    const wrong = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: '10.4.1.1',
        payload: { username: `guess${i}`, email: 'g@example.com', password: 'Dragons4ever', registration_code: `TOME-WRONG-${i}` },
      });
    for (let i = 0; i < 20; i++) expect((await wrong(i)).statusCode).toBe(403);
    expect((await wrong(20)).statusCode).toBe(429);
    expect((await login('someone', 'Wrong12345', '10.4.1.1')).statusCode).toBe(429);
  });

  it('refuses cookie-authenticated state changes from another origin', async () => {
    const { token } = await t.signUp();
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `tk_session=${token}`, origin: 'https://evil.example', host: 'localhost' },
    });
    expect(cross.statusCode).toBe(403);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `tk_session=${token}`, origin: 'http://localhost', host: 'localhost' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('answers bad JSON and unknown routes with a JSON error, never a 500', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBeTruthy();
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: bearer((await t.signUp()).token) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toContain('No such endpoint');
  });

  it('serves an OpenAPI document that lists the auth routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
    expect(doc.paths['/api/admin/run']).toBeUndefined();
  });
});
