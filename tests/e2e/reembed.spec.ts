import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai';
import { apiClient, firstStartCode, holdTemplateDatabase, type ServerProcess, startProcess } from '../support/server-process';
import { expect, PASSWORD, test } from './fixtures';

// Issue 37: a change of embedding model re-embeds the library in the background, and the GM sees
// how far it has come on the Knowledge Tomes page: server-rendered (JavaScript off), and followed
// live with JavaScript. The library is ingested by a server on the offline engine; a second one on
// the same data folder is pointed at a fake OpenAI-compatible server whose first embedding request
// is held, so the re-embedding is seen under way, then released.
const PORT = Number(process.env.E2E_PORT ?? 3311);
const PAGE = '/dashboard?tab=datasets';

test.describe('re-embedding after a change of embedding model', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-reembed-'));
  let fake: FakeOpenAi | undefined;
  let server: ServerProcess | undefined;
  test.afterAll(async () => {
    await server?.stop();
    await fake?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('shows its progress with JavaScript off and follows it live to the end', async ({ browser }) => {
    test.setTimeout(900_000);
    // Beside the suite's own server, on the next ports. Not a first start (a new folder's initdb and
    // migrations are not what this tests): the migrated template, no accounts yet.
    await holdTemplateDatabase(dataDir);
    server = await startProcess('dist/main.js', { DATA_DIR: dataDir, API_ONLY: 'true' }, { port: PORT + 1 });
    const code = await firstStartCode(server);
    const username = 'reembedgm';
    const registered = await apiClient(server.url)('POST', '/api/auth/register', {
      username,
      email: 'reembed@example.com',
      password: PASSWORD,
      registration_code: code,
    });
    expect(registered.status, server.output()).toBe(200);
    const call = apiClient(server.url, registered.json.token as string);
    const tome = await call('POST', '/api/datasets', { name: 'Old vectors', description: '' });
    const form = new FormData();
    const text = Array.from({ length: 12 }, (_, i) => `## Hall ${i}\n\nThe warden of hall ${i} keeps the ${i}th key of the drowned keep.`).join('\n\n');
    form.append('file', new Blob([text]), 'halls.md');
    const upload = await call('POST', `/api/datasets/${tome.json.id}/documents`, form);
    expect(upload.status).toBe(202);
    await expect.poll(async () => (await call('GET', `/api/jobs/${upload.json.job_id}/status`)).json.status, { timeout: 60_000 }).toBe('completed');
    await server.stop();

    // The same library, now with an embedding model on an OpenAI-compatible server.
    fake = await startFakeOpenAi();
    fake.setNext({ kind: 'hang' });
    server = await startProcess(
      'dist/main.js',
      { DATA_DIR: dataDir, OPENAI_BASE_URL: fake.baseUrl, OPENAI_EMBEDDING_MODEL: 'nomic-embed-text' },
      { port: PORT + 2 },
    );
    const underWay = /Re-embedding for nomic-embed-text.*: 0 of \d+ passages; search uses the previous vectors until it is done/;

    // JavaScript off, on a phone: the server renders it.
    const plain = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    expect((await plain.request.post('/api/auth/login', { data: { username, password: PASSWORD } })).status()).toBe(200);
    const plainPage = await plain.newPage();
    await plainPage.goto(PAGE);
    const plainStatus = plainPage.getByTestId('reembed-status');
    await expect(plainStatus).toContainText(underWay);
    await expect(plainStatus.getByRole('progressbar', { name: 'Re-embedding progress' })).toBeVisible();
    await plain.close();

    // With JavaScript, on a tablet then a desktop: the page follows the job to its end without a reload.
    const live = await browser.newContext({ baseURL: server.url, viewport: { width: 768, height: 1024 } });
    expect((await live.request.post('/api/auth/login', { data: { username, password: PASSWORD } })).status()).toBe(200);
    const page = await live.newPage();
    await page.goto(PAGE);
    const status = page.getByTestId('reembed-status');
    await expect(status).toContainText(underWay);
    await expect(status).toBeInViewport();
    await page.setViewportSize({ width: 1280, height: 800 });
    let reloaded = false;
    page.on('framenavigated', () => (reloaded = true));

    fake.release();
    await expect(status).toContainText(/Re-embedded for nomic-embed-text.*: \d+ passages; search uses them now/, { timeout: 60_000 });
    await expect(status.getByRole('progressbar')).toHaveCount(0);
    expect(reloaded).toBe(false);
    expect(fake.requests.some((request) => request.path === '/v1/embeddings')).toBe(true);
    await live.close();
  });
});
