import type { Page } from '@playwright/test';
import { expect, test, uniqueName } from './fixtures';

/**
 * No click or keystroke is lost while a page becomes live (ADR 0185). Every script is held back
 * on its way (a slow connection), so the page is on screen, usable as plain HTML, before its
 * JavaScript runs; the user acts at once, and again the moment hydration starts
 * (entry.client.tsx's 'tomekeeper:hydrate' mark). React must not throw away what the server drew
 * (its errors 418-425 are hydration failures).
 */
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Holds every script of the page until `release()` (the slow connection's scripts arrive then).
 * Released by the test, not after a delay: on a loaded CI a 1.5 s delay had passed before the test
 * looked, and the page had started to hydrate already.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.m?js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Hydration errors React reported in the page. */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  const record = (text: string) => {
    if (/Minified React error #4(1[89]|2[0-5])|hydrat/i.test(text)) errors.push(text);
  };
  page.on('pageerror', (error) => record(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') record(message.text());
  });
  return errors;
}

const hydrationStarted = (page: Page) => page.evaluate(() => performance.getEntriesByName('tomekeeper:hydrate').length > 0);
const waitForHydrationStart = (page: Page) =>
  page.waitForFunction(() => performance.getEntriesByName('tomekeeper:hydrate').length > 0, null, { polling: 10, timeout: 60_000 });

/**
 * A key pressed the moment hydration is asked for, before React's first render task runs.
 * Chromium runs input ahead of other tasks, so on a busy page (a 2,000-concept map, a slow phone)
 * key presses queued during the page's parse land exactly there. Dispatched here from the same
 * task, so that every run meets the moment.
 */
async function keyAsHydrationStarts(page: Page) {
  await page.addInitScript(() => {
    const mark = performance.mark.bind(performance);
    performance.mark = ((name: string, options?: PerformanceMarkOptions) => {
      const entry = mark(name, options);
      if (name === 'tomekeeper:hydrate') queueMicrotask(() => document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift', bubbles: true })));
      return entry;
    }) as typeof performance.mark;
  });
}

test.describe('input while a page hydrates on a slow connection', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const moment of ['before the JavaScript runs', 'as hydration starts'] as const) {
    test(`"+ Add Event" clicked ${moment} opens the event editor, and the event is saved`, async ({ page, user }) => {
      const created = await page.request.post('/api/campaigns', { data: { name: uniqueName('Hydration ') }, headers: auth(user.token) });
      expect(created.status()).toBe(201);
      const errors = hydrationErrors(page);
      const scriptsArrive = await holdScripts(page);
      await page.goto('/timeline', { waitUntil: 'domcontentloaded' });
      if (moment === 'as hydration starts') {
        scriptsArrive();
        await waitForHydrationStart(page);
      } else expect(await hydrationStarted(page)).toBe(false);
      await page.getByRole('link', { name: '+ Add Event' }).click();
      scriptsArrive();

      // Before the JavaScript runs the link opens the server's panel; once React handles the click, the modal.
      const editor = page.getByTestId('event-modal').or(page.getByTestId('event-panel'));
      await expect(editor.getByRole('heading', { name: 'Create New Event' })).toBeVisible({ timeout: 30_000 });
      await editor.getByLabel('Title').fill('The Sea Ghost is sighted');
      await editor.getByLabel('Date').fill('1492-03-01');
      await editor.getByRole('button', { name: 'Create Event' }).click();
      await expect(page.getByTestId('event-list')).toContainText('The Sea Ghost is sighted', { timeout: 30_000 });
      expect(errors).toEqual([]);
    });
  }

  test('a question typed into the Document Assistant before and while the page hydrates stays, and is sent', async ({ page, user }) => {
    const dataset = await page.request.post('/api/datasets', { headers: auth(user.token), data: { name: uniqueName('Hydration ') } });
    const datasetId = ((await dataset.json()) as { id: string }).id;
    const lore = '# Saltmere\n\nThe Ember Crown lies hidden beneath the lighthouse of Saltmere, guarded by the drowned knight Oswin.\n';
    const upload = await page.request.post(`/api/datasets/${datasetId}/documents`, {
      headers: auth(user.token),
      multipart: { file: { name: 'saltmere.md', mimeType: 'text/markdown', buffer: Buffer.from(lore) } },
    });
    const { job_id: jobId, document_id: documentId } = (await upload.json()) as { job_id: string; document_id: string };
    await expect
      .poll(async () => ((await (await page.request.get(`/api/jobs/${jobId}/status`, { headers: auth(user.token) })).json()) as { status: string }).status, {
        timeout: 60_000,
      })
      .toBe('completed');

    const errors = hydrationErrors(page);
    const scriptsArrive = await holdScripts(page);
    await page.goto(`/dashboard?tab=datasets&dataset=${datasetId}&document=${documentId}`, { waitUntil: 'domcontentloaded' });
    const panel = page.getByRole('complementary', { name: 'Document Assistant' });
    const question = panel.getByLabel('Question about saltmere.md');
    await question.pressSequentially('Who guards ');
    expect(await hydrationStarted(page)).toBe(false);
    scriptsArrive();
    await waitForHydrationStart(page);
    await question.pressSequentially('the crown?');

    // Once live, the button is enabled only if the page's state holds the question too.
    const ask = panel.getByRole('button', { name: 'Ask' });
    await page.waitForLoadState('networkidle');
    await expect(question).toHaveValue('Who guards the crown?');
    await expect(ask).toBeEnabled();
    await ask.click();
    await expect(panel.getByTestId('chat-message').nth(1)).toContainText('drowned knight Oswin', { timeout: 30_000 });
    await expect(question).toHaveValue('');
    expect(errors).toEqual([]);
  });

  test('"Create Campaign" clicked before the JavaScript runs opens its form, loaded before the page hydrates', async ({ page, user }) => {
    expect(user.token).toBeTruthy();
    const errors = hydrationErrors(page);
    const scriptsArrive = await holdScripts(page);
    await page.goto('/dashboard', { waitUntil: 'domcontentloaded' });
    await page.getByRole('link', { name: 'Create Campaign' }).click();
    // Before the page is live the form is a section of the page; after, the same form in a modal.
    const dialog = page.getByTestId('create-campaign');
    const name = uniqueName('Hydrated ');
    await dialog.getByLabel('Campaign name').pressSequentially(name);
    expect(await hydrationStarted(page)).toBe(false);
    scriptsArrive();
    await waitForHydrationStart(page);
    await page.waitForLoadState('networkidle');
    await expect(dialog.getByLabel('Campaign name')).toHaveValue(name);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 30_000 });
    expect(errors).toEqual([]);
  });

  test('a field left while its form’s checks are still loading posts nothing, and the submit that follows creates the campaign', async ({ page, user }) => {
    expect(user.token).toBeTruthy();
    // The checks (zod, the form's schema) load on a form's first focus: here they never arrive.
    await page.route(/\/assets\/(v4|schemas)-.*\.js$/, () => {});
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.postData() ?? '');
    });
    await page.goto('/dashboard?tab=campaigns&create_campaign=1');
    const dialog = page.locator('dialog[data-testid="create-campaign"]');
    await expect(dialog).toBeVisible();
    const name = uniqueName('Unchecked ');
    await dialog.getByLabel('Campaign name').fill(name);
    await dialog.getByLabel('Description (optional)').focus();
    await dialog.getByLabel('Description (optional)').fill('Typed while the checks load');
    expect(posts).toEqual([]);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 30_000 });
    expect(posts).toHaveLength(1);
    expect(posts[0]).not.toContain('__intent__');
  });

  test('a key pressed as hydration starts does not leave the page without its JavaScript', async ({ page, user }) => {
    const created = await page.request.post('/api/campaigns', { data: { name: uniqueName('Keyed ') }, headers: auth(user.token) });
    expect(created.status()).toBe(201);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    await keyAsHydrationStarts(page);
    await page.goto('/timeline');
    await waitForHydrationStart(page);
    await page.waitForLoadState('networkidle');
    // Live, the link opens the editor as a modal; a page left as the server sent it opens the panel.
    await page.getByRole('link', { name: '+ Add Event' }).click();
    await expect(page.getByTestId('event-modal').getByRole('heading', { name: 'Create New Event' })).toBeVisible();
    expect(pageErrors).toEqual([]);
  });
});

// The minifier drops the libraries' licence comments from the chunks (ADR 0241); the build must
// still ship them, whole, in one file beside the chunks.
test('the scripts a page loads carry no licence comments, and the notices file holds them', async ({ page, user }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (/\/assets\/[^/]+\.m?js$/.test(new URL(response.url()).pathname)) scripts.push(response.url());
  });
  await page.goto('/dashboard');
  await page.waitForLoadState('networkidle');
  expect(user.username).toBeTruthy();
  expect(scripts.length).toBeGreaterThan(1);
  for (const url of scripts) {
    const body = await (await page.request.get(url)).text();
    expect(body, url).not.toContain('@license');
  }
  const notices = await page.request.get('/assets/third-party-notices.txt');
  expect(notices.status()).toBe(200);
  expect(notices.headers()['content-type']).toContain('text/plain');
  const text = await notices.text();
  expect(text).toContain('@license React');
  expect(text).toContain('@remix-run/react');
  expect(text).toMatch(/MIT/);
});
