import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../contract/session-cookie';
import { hashToken } from '../../server/domain/accounts/tokens';
import { createTestApp, type TestApp } from '../support/test-app';

// A build folder of our own (the real build comes later in `npm test`): one hashed script,
// precompressed by the same script `npm run build` runs, and a server build that is never asked.
const SCRIPT = '/assets/entry-T3st1234.js';
const TINY = '/assets/tiny-T3st1234.css';
// Under 1 KB, as most route modules are: it is still precompressed when that saves bytes.
const SMALL = '/assets/small-T3st1234.js';
const smallBody = Array.from({ length: 8 }, (_, i) => `export const ward${i} = "glyph of warding";`).join('\n');
const scriptBody = Array.from({ length: 400 }, (_, i) => `export const rune${i} = "glyph of warding ${i}";`).join('\n');

describe('built files', () => {
  let t: TestApp;
  let buildDir: string;
  beforeAll(async () => {
    buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tomekeeper-build-'));
    fs.mkdirSync(path.join(buildDir, 'client/assets'), { recursive: true });
    fs.mkdirSync(path.join(buildDir, 'server'));
    fs.writeFileSync(path.join(buildDir, 'client', SCRIPT), scriptBody);
    fs.writeFileSync(path.join(buildDir, 'client/favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(buildDir, 'client', TINY), 'body { margin: 0 }\n');
    fs.writeFileSync(path.join(buildDir, 'client', SMALL), smallBody);
    fs.writeFileSync(path.join(buildDir, 'server/index.js'), 'export const routes = {};\n');
    execFileSync(process.execPath, ['scripts/precompress-assets.mjs', path.join(buildDir, 'client')]);
    t = await createTestApp({ app: { remixBuildDir: buildDir } });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(buildDir, { recursive: true, force: true });
  });

  const file = (name: string) => fs.readFileSync(path.join(buildDir, 'client', name));

  it('sends the brotli file written at build, as it is, with immutable caching', async () => {
    const response = await t.app.inject({ method: 'GET', url: SCRIPT, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['vary']).toContain('accept-encoding');
    expect(response.headers['content-type']).toContain('javascript');
    // Byte for byte the build's .br: not compressed again on the way out.
    expect(response.rawPayload.equals(file(`${SCRIPT}.br`))).toBe(true);
    expect(file(`${SCRIPT}.br`).length).toBeLessThan(scriptBody.length / 4);
  });

  it('falls back to gzip, then to the plain file, and leaves page headers off scripts', async () => {
    const gz = await t.app.inject({ method: 'GET', url: SCRIPT, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(file(`${SCRIPT}.gz`))).toBe(true);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(scriptBody);
    // Zopfli's gzip (ADR 0258): smaller than zlib's best.
    expect(gz.rawPayload.length).toBeLessThan(gzipSync(scriptBody, { level: 9 }).length);
    const small = await t.app.inject({ method: 'GET', url: SMALL, headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(small.rawPayload).toString()).toBe(smallBody);
    expect(small.rawPayload.length).toBeLessThan(smallBody.length / 2);
    const plain = await t.app.inject({ method: 'GET', url: SCRIPT });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(scriptBody);
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.headers['content-security-policy']).toBeUndefined();
    // Unhashed files from public/ are cached for an hour and keep helmet's headers (an SVG is a document), as do pages.
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    expect(icon.headers['content-security-policy']).toContain("default-src 'self'");
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('never compresses a built file on the fly (a file too small to precompress goes out plain)', async () => {
    expect(fs.existsSync(path.join(buildDir, 'client', `${TINY}.br`))).toBe(false);
    const response = await t.app.inject({ method: 'GET', url: TINY, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('body { margin: 0 }\n');
  });

  it('answers 404 for a missing asset and never serves outside build/client', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing-0000.js' })).statusCode).toBe(404);
    for (const url of ['/assets/../server/index.js', '/assets/..%2f..%2fserver%2findex.js', '/assets/%2e%2e/server/index.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).not.toBe(200);
      expect(response.body).not.toContain('export const routes');
    }
  });

  it('makes no session query for a built file, while /api still resolves the session', async () => {
    const { token } = await t.signUp();
    const lastSeen = async () =>
      (
        await t.services.db.selectFrom('sessions').select('last_seen_at').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow()
      ).last_seen_at.getTime();
    // A session last seen an hour ago is written on its next lookup (see resolveSession).
    const anHourAgo = new Date(Date.now() - 3600_000);
    await t.services.db.updateTable('sessions').set({ last_seen_at: anHourAgo }).where('token_hash', '=', hashToken(token)).execute();
    const cookie = `${SESSION_COOKIE}=${token}`;

    const asset = await t.app.inject({ method: 'GET', url: SCRIPT, headers: { cookie, 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(await lastSeen()).toBe(anHourAgo.getTime());

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(await lastSeen()).toBeGreaterThan(anHourAgo.getTime());
  });
});
