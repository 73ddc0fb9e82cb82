import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, pageIsLive, test, uniqueName } from './fixtures';

const LORE = `# Saltmere

## The Ember Crown

The Ember Crown lies hidden beneath the lighthouse of Saltmere, guarded by the drowned knight Oswin.
`;

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Types a question and sends it. With JavaScript the page must be live first: before hydration
 * the button is always enabled (the plain form's), so a click could race the page turning live.
 * A live page disables Ask for a blank question: that is the sign it is ready.
 */
async function ask(panel: Locator, label: string, question: string, js: boolean) {
  const input = panel.getByLabel(label);
  const button = panel.getByRole('button', { name: 'Ask' });
  if (js) {
    await expect(async () => {
      await input.fill('');
      await expect(button).toBeDisabled({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
  }
  await input.fill(question);
  await expect(button).toBeEnabled();
  await button.click();
}

/** A tome holding one document, processed to the end (ready, or failed for a file that is not what it says). */
async function seedDocument(request: APIRequestContext, token: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const dataset = await request.post('/api/datasets', { headers: auth(token), data: { name: uniqueName('Viewer ') } });
  const datasetId = ((await dataset.json()) as { id: string }).id;
  const upload = await request.post(`/api/datasets/${datasetId}/documents`, { headers: auth(token), multipart: { file } });
  expect(upload.status()).toBe(202);
  const { job_id: jobId, document_id: documentId } = (await upload.json()) as { job_id: string; document_id: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/jobs/${jobId}/status`, { headers: auth(token) })).json()) as { status: string }).status, {
      timeout: 60_000,
    })
    .toMatch(/completed|failed/);
  return `/dashboard?tab=datasets&dataset=${datasetId}&document=${documentId}`;
}

const lore = { name: 'saltmere.md', mimeType: 'text/markdown', buffer: Buffer.from(LORE) };
const broken = { name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7 not really a pdf') };

for (const js of [true, false]) {
  test.describe(js ? 'the Document Assistant' : 'the Document Assistant without JavaScript', () => {
    test.use({ javaScriptEnabled: js });
    // Seeding waits up to a minute for the ingest job; the test itself needs room beyond that.
    test.describe.configure({ timeout: 120_000 });

    test('keeps each document’s conversation when the viewer is reopened', async ({ page, user }) => {
      const viewer = await seedDocument(page.request, user.token, lore);
      await page.goto(viewer);
      const panel = page.getByRole('complementary', { name: 'Document Assistant' });
      await ask(panel, 'Question about saltmere.md', 'Who guards the crown?', js);
      await expect(panel.getByTestId('chat-message').nth(1)).toContainText('drowned knight Oswin', { timeout: 30_000 });

      await page.goto('/dashboard?tab=datasets');
      await page.goto(viewer);
      await expect(panel.getByTestId('chat-message')).toHaveCount(2);
      await expect(panel.getByTestId('chat-message').first()).toContainText('Who guards the crown?');
      // The next question continues the same conversation.
      await ask(panel, 'Question about saltmere.md', 'Where is it hidden?', js);
      await expect(panel.getByTestId('chat-message')).toHaveCount(4, { timeout: 30_000 });
    });

    test('a failed question shows the message and keeps what was typed', async ({ page, user }) => {
      const viewer = await seedDocument(page.request, user.token, broken);
      await page.goto(viewer);
      const panel = page.getByRole('complementary', { name: 'Document Assistant' });
      const input = panel.getByLabel('Question about broken.pdf');
      await ask(panel, 'Question about broken.pdf', 'What does page one say?', js);
      await expect(panel.getByTestId('chat-message').first()).toContainText('What does page one say?');
      // The answer is a round trip to a server other browsers share: room for a loaded machine.
      await expect(panel.getByTestId('chat-message').nth(1)).toContainText('Error occurred while processing your request. Please try again.', {
        timeout: 30_000,
      });
      await expect(input).toHaveValue('What does page one say?');
    });
  });
}

/** Holds the document viewer's code back, as on a slow connection (it is made live after the page, ADR 0243), until `release`. */
async function holdViewerCode(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/document-viewer-.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

test.describe('the document viewer before its code has arrived', () => {
  test.describe.configure({ timeout: 120_000 });

  test('shows the server’s document, and goes live without drawing it again', async ({ page, user }) => {
    const viewer = await seedDocument(page.request, user.token, lore);
    const release = await holdViewerCode(page);
    const renderer: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/safe-markdown-.*\.js$/.test(request.url())) renderer.push(request.url());
    });
    await page.goto(viewer);
    await pageIsLive(page);
    const modal = page.getByTestId('viewer-modal');
    const content = modal.getByTestId('document-content');
    await expect(content.getByRole('heading', { name: 'The Ember Crown' })).toBeVisible();
    release();
    // Live: Ask is disabled while the question is blank (the server's plain form never disables it).
    await expect(modal.getByRole('button', { name: 'Ask' })).toBeDisabled();
    await expect(modal.getByRole('button', { name: 'Edit' })).toBeEnabled();
    await expect(content.getByRole('heading', { name: 'The Ember Crown' })).toBeVisible();
    // Taken over as the server drew it: never plain text meanwhile, and the Markdown renderer is not needed for it.
    await expect(content.locator('.markdown-loading')).toHaveCount(0);
    expect(renderer).toEqual([]);
  });

  test('a question sent with Enter is kept, and asked once when the code arrives', async ({ page, user }) => {
    const viewer = await seedDocument(page.request, user.token, lore);
    const release = await holdViewerCode(page);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await page.goto(viewer);
    await pageIsLive(page);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const panel = page.getByTestId('viewer-modal').getByRole('complementary', { name: 'Document Assistant' });
    const input = panel.getByLabel('Question about saltmere.md');
    await input.fill('Who guards the crown?');
    await input.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Opening the document viewer…' })).toBeVisible();
    // Enter sent the question (no new line in it), which waits for the code.
    await expect(input).toHaveValue('Who guards the crown?');
    expect(posts).toEqual([]);

    release();
    await expect(panel.getByTestId('chat-message').nth(1)).toContainText('drowned knight Oswin', { timeout: 30_000 });
    await expect(panel.getByTestId('chat-message').first()).toContainText('Who guards the crown?');
    await expect(panel.getByTestId('chat-message')).toHaveCount(2);
    await expect(page.getByText('Opening the document viewer…')).toHaveCount(0);
    await expect(input).toHaveValue('');
    expect(posts).toHaveLength(1);
    // Sent by the live form, not by the browser's own post of the server's HTML.
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});
