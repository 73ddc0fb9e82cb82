import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

// `npm run dev`: the pages come from Vite's dev server inside Fastify, the /api routes stay live.
describe('the dev server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ app: { remixDev: true } });
  }, 120_000);
  afterAll(async () => t?.close());

  // The first page compiles the app's modules through Vite: 30 s ran out on CI's loaded machine.
  // A safety net, not a measure.
  it('renders pages from the app sources with the hot-reload client', { timeout: 300_000 }, async () => {
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Enter the Archive');
    // Modules are served from the sources, unbundled, with Vite's hot-reload client beside them.
    expect(page.body).toContain('/app/root.tsx');
    const root = await t.app.inject({ method: 'GET', url: '/app/root.tsx' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('import.meta.hot');
    const client = await t.app.inject({ method: 'GET', url: '/@vite/client' });
    expect(client.statusCode).toBe(200);
    expect(client.headers['content-type']).toContain('javascript');
  });

  it('keeps the /api routes answering, and unknown /api paths as JSON 404s', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'ok' });
    const { token } = await t.signUp();
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { authorization: `Bearer ${token}` } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toContain('No such endpoint');
  });
});
