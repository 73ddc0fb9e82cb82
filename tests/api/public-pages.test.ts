import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import type { RequestHandler } from '@remix-run/node';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installAuth } from '../../server/http/auth';
import { preferredEncoding } from '../../server/http/public-pages';
import { remixRoutes } from '../../server/http/remix';
import { StorageHealth } from '../../server/http/storage-health';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

/*
 * The signed-out pages kept once per URL (server/http/public-pages.ts), in front of a page
 * handler that writes which URL and which user it rendered and counts its calls.
 */
describe('signed-out pages rendered once per URL', () => {
  let t: TestApp;
  let pages: FastifyInstance;
  let token: string;
  const rendered: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.signUp('keeper')).token;
    const handle: RequestHandler = async (request, context) => {
      const url = new URL(request.url);
      rendered.push(url.pathname + url.search);
      const user = (context as { user: { username: string } | null }).user;
      if (url.pathname === '/login' && url.searchParams.get('fail')) return new Response('no', { status: 500 });
      if (url.pathname === '/register' && url.searchParams.get('cookie')) {
        return new Response('<p>with cookie</p>', { headers: { 'content-type': 'text/html', 'set-cookie': 'a=b' } });
      }
      const html = `<!DOCTYPE html><p>${url.pathname}${url.search} for ${user?.username ?? 'anyone'}</p>${'<i>padding</i>'.repeat(200)}`;
      return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
    };
    pages = Fastify();
    await pages.register(fastifyCompress, { threshold: 1024 });
    await pages.register(fastifyCookie);
    installAuth(pages, t.services);
    await remixRoutes(pages, t.services, new StorageHealth(), handle, { keepPublicPages: true });
    await pages.ready();
  });
  afterAll(async () => {
    await pages?.close();
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => pages.inject({ method: 'GET', url, headers });
  const renders = (url: string) => rendered.filter((u) => u === url).length;

  it('renders /login once and sends the same page, in each coding, to the next visitors', async () => {
    const first = await get('/login?redirectTo=%2Ftimeline', { 'accept-encoding': 'gzip, deflate, br' });
    const plain = await get('/login?redirectTo=%2Ftimeline', { 'accept-encoding': 'identity' });
    const gzipped = await get('/login?redirectTo=%2Ftimeline', { 'accept-encoding': 'gzip' });
    const brotli = await get('/login?redirectTo=%2Ftimeline', { 'accept-encoding': 'br;q=1, gzip;q=0.5' });
    expect(renders('/login?redirectTo=%2Ftimeline')).toBe(1);
    expect(plain.body).toContain('/login?redirectTo=%2Ftimeline for anyone');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.brotliDecompressSync(first.rawPayload).toString()).toBe(plain.body);
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(brotli.headers.vary).toContain('accept-encoding');
  });

  it('keeps each URL apart, and renders for a signed-in visitor every time', async () => {
    await get('/login?mode=request');
    await get('/login?mode=request');
    expect(renders('/login?mode=request')).toBe(1);
    expect((await get('/login')).body).toContain('/login for anyone');

    const signedIn = await get('/login?mode=request', bearer(token));
    const again = await get('/login?mode=request', bearer(token));
    expect(signedIn.body).toContain('for keeper');
    expect(again.body).toContain('for keeper');
    expect(renders('/login?mode=request')).toBe(3);
    // The signed-in rendering was not kept for the signed-out visitors.
    expect((await get('/login?mode=request')).body).toContain('for anyone');
  });

  it('keeps neither failures, pages that set a cookie, nor other pages', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await get('/login?fail=1')).statusCode).toBe(500);
      expect((await get('/register?cookie=1')).headers['set-cookie']).toEqual(['a=b']);
      await get('/dashboard');
    }
    expect(renders('/login?fail=1')).toBe(2);
    expect(renders('/register?cookie=1')).toBe(2);
    expect(renders('/dashboard')).toBe(2);
  });

  it('picks the coding the browser accepts', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding('deflate')).toBe('identity');
  });
});
