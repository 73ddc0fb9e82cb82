import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../tests/support/test-app';
import { runAdminCommand } from '../../cli/admin-commands';

describe('changing and resetting a password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.1` });
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  const change = (token: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/password', headers: bearer(token), payload });
  const reset = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/reset', payload });

  it('changes the password with 204, ends the other sessions and keeps this one', async () => {
    const { token, username } = await t.signUp();
    const other = (await login(username, 'Dragons4ever')).json().token as string;
    const changed = await change(token, { current_password: 'Dragons4ever', new_password: 'Wyverns2026' });
    expect(changed.statusCode).toBe(204);
    expect(changed.body).toBe('');
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(username, 'Dragons4ever')).statusCode).toBe(401);
    expect((await login(username, 'Wyverns2026')).statusCode).toBe(200);
  });

  it('refuses a wrong current password, a weak new one and an anonymous caller, changing nothing', async () => {
    const { token, username } = await t.signUp();
    const wrong = await change(token, { current_password: 'Nope12345', new_password: 'Wyverns2026' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe('Current password is incorrect');
    const weak = await change(token, { current_password: 'Dragons4ever', new_password: 'alllowercase1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toBe('Password must contain uppercase, lowercase, and numeric characters');
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/auth/password', payload: { current_password: 'Dragons4ever', new_password: 'Wyverns2026' } });
    expect(anonymous.statusCode).toBe(401);
    expect((await login(username, 'Dragons4ever')).statusCode).toBe(200);
  });

  it('resets with the admin link once, within the hour, ending every session', async () => {
    const { token, username, userId } = await t.signUp();
    const lines = await runAdminCommand(t.services.db, 'reset-password', [username.toUpperCase()]);
    const code = /\/reset\/(\S+)$/.exec(lines.at(-1)!)![1]!;
    // Stored hashed only.
    const stored = await t.services.db.selectFrom('password_reset_codes').select('code_hash').where('user_id', '=', userId).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).not.toContain(code);

    const page = await t.app.inject({ method: 'GET', url: `/reset/${code}` });
    expect(page.statusCode).not.toBe(500);

    const weak = await reset({ code, new_password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toBe('Password must be at least 8 characters long');
    const done = await reset({ code, new_password: 'Griffins77x' });
    expect(done.statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
    expect((await login(username, 'Griffins77x')).statusCode).toBe(200);
    const again = await reset({ code, new_password: 'Another99x' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toContain('invalid or has expired');
    expect((await login(username, 'Another99x')).statusCode).toBe(401);
  });

  it('refuses an expired, unknown or superseded code', async () => {
    const { username, userId } = await t.signUp();
    const first = (await runAdminCommand(t.services.db, 'reset-password', [username])).at(-1)!.split('/reset/')[1]!;
    const second = (await runAdminCommand(t.services.db, 'reset-password', [username])).at(-1)!.split('/reset/')[1]!;
    expect((await reset({ code: first, new_password: 'Griffins77x' })).statusCode).toBe(400);
    await t.services.db
      .updateTable('password_reset_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', userId)
      .execute();
    expect((await reset({ code: second, new_password: 'Griffins77x' })).statusCode).toBe(400);
    expect((await reset({ code: 'made-up', new_password: 'Griffins77x' })).statusCode).toBe(400);
    await expect(runAdminCommand(t.services.db, 'reset-password', ['nobody-at-all'])).rejects.toThrow('No account named nobody-at-all');
    expect((await login(username, 'Dragons4ever')).statusCode).toBe(200);
  });

  it('states the password rule in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const rule = 'At least 8 characters, with uppercase, lowercase and a number.';
    expect(doc.paths['/api/auth/password'].post.description).toContain(rule);
    expect(doc.paths['/api/auth/reset'].post.description).toContain(rule);
    expect(JSON.stringify(doc.paths['/api/auth/register'].post.requestBody)).toContain(rule);
  });
});
