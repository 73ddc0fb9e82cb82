import fastifyCookie from '@fastify/cookie';
import type { RequestHandler } from '@remix-run/node';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { installAuth } from './auth';
import { remixRoutes } from './remix';
import { StorageHealth } from './storage-health';

/*
 * Posts to pages, through the Remix adapter (server/http/remix.ts) and the session guard, in
 * front of a page action that reads its form the way every action does (`request.formData()`)
 * and answers its own error when a field is missing.
 */
describe('posts to pages', () => {
  let t: TestApp;
  let pages: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    const handle: RequestHandler = async (request) => {
      const form = await request.formData();
      const title = form.get('title');
      if (typeof title !== 'string' || !title) return new Response('<p role="alert">Enter a title</p>', { status: 400, headers: { 'content-type': 'text/html' } });
      return new Response(`<p>Saved ${title}</p>`, { headers: { 'content-type': 'text/html' } });
    };
    pages = Fastify();
    await pages.register(fastifyCookie);
    installAuth(pages, t.services);
    await remixRoutes(pages, t.services, new StorageHealth(), handle);
    await pages.ready();
  });
  afterAll(async () => {
    await pages?.close();
    await t?.close();
  });

  const post = (url: string, headers: Record<string, string>, payload: string | Buffer) =>
    pages.inject({ method: 'POST', url, headers: { host: 'localhost', origin: 'http://localhost', ...headers }, payload });

  it('answers a body that is not a form (JSON, text, broken multipart) with the page’s own 4xx, never a 500', async () => {
    for (const url of ['/timeline', '/timeline/calendar', '/timeline/proposals', '/concept-map', '/play/x']) {
      const json = await post(url, { 'content-type': 'application/json' }, '{}');
      expect(json.statusCode).toBe(400);
      expect(json.body).toContain('Enter a title');
    }
    const cases: Array<[Record<string, string>, string]> = [
      [{ 'content-type': 'text/plain' }, 'title=x'],
      [{ 'content-type': 'multipart/form-data; boundary=----x' }, 'not multipart at all'],
      [{ 'content-type': 'multipart/form-data' }, '------x\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n------x--\r\n'],
      [{ 'content-type': 'multipart/form-data; boundary=abc' }, '--abc\r\nContent-Disposition: form-data; name="title"\r\n\r\nunfinished'],
    ];
    for (const [headers, body] of cases) {
      const answer = await post('/timeline', headers, body);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain('Enter a title');
    }
  });

  it('still reads real forms, plain and multipart', async () => {
    expect((await post('/timeline', { 'content-type': 'application/x-www-form-urlencoded' }, 'title=Ember')).body).toContain('Saved Ember');
    const form = new FormData();
    form.append('title', 'Crown');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const multipart = await post('/timeline', { 'content-type': request.headers.get('content-type')! }, Buffer.from(await request.arrayBuffer()));
    expect(multipart.body).toContain('Saved Crown');
  });

  it('refuses a cross-origin post with 403 even with no session cookie (a forged sign-in)', async () => {
    const forged = await post('/login', { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' }, 'title=x');
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error).toBe('Cross-site request refused');
    const forgedByReferer = await pages.inject({
      method: 'POST',
      url: '/login',
      headers: { host: 'localhost', referer: 'https://evil.example/page', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'title=x',
    });
    expect(forgedByReferer.statusCode).toBe(403);
    // A script without a browser's Origin, and our own pages, are not affected.
    expect(
      (await pages.inject({ method: 'POST', url: '/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'title=x' })).statusCode,
    ).toBe(200);
    expect((await post('/login', { 'content-type': 'application/x-www-form-urlencoded' }, 'title=x')).statusCode).toBe(200);
  });
});
