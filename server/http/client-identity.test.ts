import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

// The client's address is the connection's unless TRUST_PROXY names how many proxies to
// believe; every spoofed X-Forwarded-For below must change nothing.
describe('client identity', () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await createTestApp();
    proxied = await createTestApp({ env: { TRUST_PROXY: '1' } });
  }, 120_000);
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  const login = (t: TestApp, username: string, password: string, headers: Record<string, string>, remoteAddress = '10.7.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, headers, remoteAddress });

  it('ignores X-Forwarded-For by default: a new forged address per try still locks the account', async () => {
    const { username } = await direct.signUp();
    for (let i = 0; i < 5; i++) {
      const response = await login(direct, username, 'Wrong12345', { 'x-forwarded-for': `203.0.113.${i}` });
      expect(response.statusCode).toBe(401);
    }
    const locked = await login(direct, username, 'Dragons4ever', { 'x-forwarded-for': '198.51.100.77' });
    expect(locked.statusCode).toBe(423);
  });

  it('with TRUST_PROXY=1 believes only the last hop the proxy added, not what the client prepended', async () => {
    const { username } = await proxied.signUp();
    for (let i = 0; i < 5; i++) {
      // The client forged the first entries; the proxy (the socket, 10.7.0.1) appended the real one.
      const response = await login(proxied, username, 'Wrong12345', { 'x-forwarded-for': `203.0.113.${i}, 192.0.2.10` });
      expect(response.statusCode).toBe(401);
    }
    expect((await login(proxied, username, 'Dragons4ever', { 'x-forwarded-for': '1.2.3.4, 192.0.2.10' })).statusCode).toBe(423);
    // Another real client behind the same proxy is not locked out.
    expect((await login(proxied, username, 'Dragons4ever', { 'x-forwarded-for': '192.0.2.11' })).statusCode).toBe(200);
  });

  it('shares the lockout between two app instances on one database (it lives in Postgres)', async () => {
    const second = await buildApp(direct.services);
    await second.ready();
    try {
      const { username } = await direct.signUp();
      for (let i = 0; i < 3; i++) expect((await login(direct, username, 'Wrong12345', {}, '10.7.1.1')).statusCode).toBe(401);
      for (let i = 0; i < 2; i++) {
        const response = await second.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'Wrong12345' }, remoteAddress: '10.7.1.1' });
        expect(response.statusCode).toBe(401);
      }
      expect((await login(direct, username, 'Dragons4ever', {}, '10.7.1.1')).statusCode).toBe(423);
    } finally {
      await second.close();
    }
  });

  it('keys the API rate limit on the client, not on a forged header, and answers 429 with a clear message', async () => {
    let last;
    for (let i = 0; i < 601; i++) {
      last = await direct.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { 'x-forwarded-for': `203.0.${i >> 8}.${i & 255}` },
        remoteAddress: '10.7.2.1',
      });
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.json().error).toMatch(/^Too many requests\. Wait \d+ seconds and try again\.$/);
    expect(last!.headers['retry-after']).toBeTruthy();
    const other = await direct.app.inject({ method: 'GET', url: '/api/auth/me', remoteAddress: '10.7.2.2' });
    expect(other.statusCode).toBe(401);
  });
});
