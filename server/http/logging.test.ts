import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { bearer, createTestApp, type TestApp } from '../../tests/support/test-app';
import { log } from '../log';
import { redactUrl } from './logging';

describe('request logging', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('redacts secret query values', () => {
    expect(redactUrl('/api/x/file?inline=1&token=abc.DEF-123&page=2')).toBe('/api/x/file?inline=1&token=[redacted]&page=2');
    expect(redactUrl('/register?code=TOME-1&x=1')).toBe('/register?code=[redacted]&x=1');
    expect(redactUrl('/api/campaigns')).toBe('/api/campaigns');
  });

  it('redacts every secret in a URL however it is spelled: encoded names, any case, secrets in the path', () => {
    expect(redactUrl('/api/x/file?%74oken=abc&page=2')).toBe('/api/x/file?%74oken=[redacted]&page=2');
    expect(redactUrl('/api/x/file?TOKEN=abc;%54%4F%4B%45%4E=def&to%6Ben=ghi')).toBe('/api/x/file?TOKEN=[redacted];%54%4F%4B%45%4E=[redacted]&to%6Ben=[redacted]');
    expect(redactUrl('/api/x/file?token+=abc')).toBe('/api/x/file?token+=[redacted]');
    expect(redactUrl('/join/SEAT-AAAAA-BBBBB-CCCCC')).toBe('/join/[redacted]');
    expect(redactUrl('/join/SEAT-AAAAA?x=1#frag')).toBe('/join/[redacted]?x=1');
    expect(redactUrl('/%6Aoin/SEAT-AAAAA')).toBe('/%6Aoin/[redacted]');
    expect(redactUrl('/reset/r3setC0de/')).toBe('/reset/[redacted]/');
    expect(redactUrl('/api/campaigns/abc/invites/def')).toBe('/api/campaigns/abc/invites/def');
    expect(redactUrl('/join')).toBe('/join');
  });

  it('writes no session token to any log line, whether it came in the query, a header or a cookie', async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const app = await buildApp(t.services, { logStream: stream });
    await app.ready();
    try {
      const { token } = await t.signUp();
      const id = '00000000-0000-4000-8000-000000000000';
      await app.inject({ method: 'GET', url: `/api/datasets/${id}/documents/${id}/file?inline=1&token=${token}` });
      await app.inject({ method: 'GET', url: `/api/datasets/${id}/documents/${id}/file?inline=1&%74oken=${token}` });
      await app.inject({ method: 'GET', url: `/join/${token}` });
      await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `tk_session=${token}` } });
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'nobody', password: token } });
      await new Promise((resolve) => setImmediate(resolve));
      const log = lines.join('');
      expect(log).toContain('token=[redacted]');
      expect(log).toContain('/api/auth/me');
      expect(log).not.toContain(token);
    } finally {
      await app.close();
    }
  });

  it("gives code a request runs (the domain, loaders) the request's logger: its lines carry the request id", async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const app = await buildApp(t.services, { logStream: stream });
    // A stand-in for domain code: it knows nothing of Fastify and asks for log().
    app.get('/api/health/log-probe', { config: { public: true } }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      log().warn({ probe: true }, 'deep in the domain');
      return { ok: true };
    });
    await app.ready();
    try {
      await Promise.all([1, 2].map(() => app.inject({ method: 'GET', url: '/api/health/log-probe' })));
      await new Promise((resolve) => setImmediate(resolve));
      const parsed = lines.map((line) => JSON.parse(line) as { reqId?: string; probe?: boolean; msg?: string; req?: { url: string } });
      const probes = parsed.filter((line) => line.probe);
      expect(probes).toHaveLength(2);
      const incoming = parsed.filter((line) => line.req?.url === '/api/health/log-probe').map((line) => line.reqId);
      expect(new Set(probes.map((line) => line.reqId))).toEqual(new Set(incoming));
      expect(new Set(incoming).size).toBe(2);
    } finally {
      await app.close();
    }
  });
});
