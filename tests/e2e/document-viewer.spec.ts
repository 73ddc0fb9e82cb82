import type { APIRequestContext, Page } from '@playwright/test';
import { buildPdf } from '../../server/domain/ingest/extract/test-fixtures';
import { expect, pageIsLive, test, uniqueName } from './fixtures';

/**
 * The document viewer: a citation opens at its passage, marked (PDF text layer, markdown), and
 * the PDF viewer never hides part of a page, fits narrow screens, clamps the page field and
 * can go back to 100%.
 */

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

const PDF_PAGES = [
  ['Combat in the Drowned Lighthouse', 'Initiative is rolled once per encounter.', 'Each round lasts six seconds.'],
  ['Cover and Concealment', 'Half cover grants a +2 bonus to AC and Dexterity saving throws.', 'Total cover blocks every attack.'],
  ['Conditions', 'A prone creature can only crawl unless it stands up.'],
];
const PDF_QUOTE = 'Half cover grants a +2 bonus to AC and Dexterity saving throws.';

const filler = (n: number) =>
  Array.from({ length: n }, (_, i) => `## Harbour ward ${i + 1}\n\nThe ward of the harbour number ${i + 1} trades salt fish, rope and rumours.\n`).join('\n');
const MARKDOWN = `# Saltmere Gazetteer\n\n${filler(30)}\n## The Lighthouse\n\nThe Ember Crown lies hidden beneath the lighthouse of Saltmere, guarded by the drowned knight Oswin.\n\n${filler(10)}`;
const MD_QUOTE = 'The Ember Crown lies hidden beneath the lighthouse of Saltmere, guarded by the drowned knight Oswin.';

async function seedDocument(request: APIRequestContext, token: string, name: string, mimeType: string, buffer: Buffer) {
  const tome = await request.post('/api/datasets', { headers: auth(token), data: { name: uniqueName('Viewer tome ') } });
  const datasetId = ((await tome.json()) as { id: string }).id;
  const upload = await request.post(`/api/datasets/${datasetId}/documents`, { headers: auth(token), multipart: { file: { name, mimeType, buffer } } });
  expect(upload.status()).toBe(202);
  const { job_id: jobId, document_id: documentId } = (await upload.json()) as { job_id: string; document_id: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/jobs/${jobId}/status`, { headers: auth(token) })).json()) as { status: string }).status, { timeout: 60_000 })
    .toBe('completed');
  const document = (await (await request.get(`/api/datasets/${datasetId}/documents/${documentId}`, { headers: auth(token) })).json()) as { content: string };
  return { datasetId, documentId, content: document.content };
}

/** The link a citation carries (contract/chat.ts citationHref, with ground's `at`), built here from the content. */
function citationLink(datasetId: string, documentId: string, content: string, quote: string, page?: number) {
  const start = content.indexOf(quote);
  expect(start, 'the quote is in the stored content').toBeGreaterThanOrEqual(0);
  const params = new URLSearchParams({ tab: 'datasets', dataset: datasetId, document: documentId });
  if (page) params.set('page', String(page));
  params.set('at', `${start}-${start + quote.length}`);
  return `/dashboard?${params.toString()}`;
}

async function markedText(page: Page) {
  return (await page.getByTestId('citation-mark').allTextContents()).join('');
}

test.describe('a citation opens the viewer at its passage', () => {
  test('a PDF citation opens at its page with the quote marked in the text layer', async ({ page, user }) => {
    const pdf = await seedDocument(page.request, user.token, 'cover-rules.pdf', 'application/pdf', Buffer.from(buildPdf(PDF_PAGES)));
    await page.goto(citationLink(pdf.datasetId, pdf.documentId, pdf.content, PDF_QUOTE, 2));
    const viewer = page.getByRole('dialog', { name: 'cover-rules.pdf' });
    await expect(viewer.getByTestId('page-count')).toHaveText('of 3', { timeout: 20_000 });
    await expect(viewer.getByLabel('Page number')).toHaveValue('2');
    const mark = viewer.getByTestId('pdf-text-layer').getByTestId('citation-mark').first();
    await expect(mark).toBeVisible();
    await expect(mark).toBeInViewport();
    expect((await markedText(page)).replace(/\s+/g, '')).toBe(PDF_QUOTE.replace(/\s+/g, ''));
    // The mark lies over the quote's line on the canvas: inside the page, below its heading.
    const canvas = (await viewer.locator('canvas.pdf-canvas').boundingBox())!;
    const box = (await mark.boundingBox())!;
    expect(box.y).toBeGreaterThan(canvas.y);
    expect(box.x + box.width).toBeLessThanOrEqual(canvas.x + canvas.width);
    await page.screenshot({ path: test.info().outputPath('citation-pdf.png') });

    // Without a page in the link, the quote's offset says which page.
    await page.goto(citationLink(pdf.datasetId, pdf.documentId, pdf.content, 'A prone creature can only crawl unless it stands up.'));
    await expect(page.getByLabel('Page number')).toHaveValue('3', { timeout: 20_000 });
    await expect(page.getByTestId('pdf-text-layer').getByTestId('citation-mark').first()).toBeVisible();
  });

  test('a markdown citation scrolls to the quote and marks it', async ({ page, user }) => {
    const md = await seedDocument(page.request, user.token, 'gazetteer.md', 'text/markdown', Buffer.from(MARKDOWN));
    await page.goto(citationLink(md.datasetId, md.documentId, md.content, MD_QUOTE));
    const viewer = page.getByRole('dialog', { name: 'gazetteer.md' });
    await expect(viewer.getByRole('heading', { name: 'Saltmere Gazetteer' })).toBeAttached();
    const mark = viewer.getByTestId('citation-mark');
    await expect(mark).toHaveText(MD_QUOTE);
    await expect(mark).toBeInViewport();
    // Scrolled: the document's first heading is out of view, far above.
    await expect(viewer.getByRole('heading', { name: 'Saltmere Gazetteer' })).not.toBeInViewport();
    expect(await mark.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    await page.screenshot({ path: test.info().outputPath('citation-markdown.png') });

    // A range that is not in the document opens it unmarked.
    await page.goto(`/dashboard?tab=datasets&dataset=${md.datasetId}&document=${md.documentId}&at=5-999999`);
    await expect(page.getByRole('dialog', { name: 'gazetteer.md' }).getByRole('heading', { name: 'Saltmere Gazetteer' })).toBeVisible();
    await expect(page.getByTestId('citation-mark')).toHaveCount(0);
  });

  test('Edit pressed before the editor’s code has arrived shows that it is opening, then the editor', async ({ page, user }) => {
    const md = await seedDocument(page.request, user.token, 'gazetteer.md', 'text/markdown', Buffer.from(MARKDOWN));
    await page.goto(`/dashboard?tab=datasets&dataset=${md.datasetId}&document=${md.documentId}`);
    await pageIsLive(page);
    await page.waitForLoadState('networkidle');
    // The editor's code loads on Edit: hold it back, as on a slow connection.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/document-editor-.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const viewer = page.getByRole('dialog', { name: 'gazetteer.md' });
    await viewer.getByRole('button', { name: 'Edit' }).click();
    await expect(viewer.getByRole('status').filter({ hasText: 'Opening the editor…' })).toBeVisible();
    release();
    await expect(viewer.getByRole('textbox', { name: 'Document text' })).toHaveValue(md.content);
    await expect(viewer.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(viewer.getByText('Opening the editor…')).toHaveCount(0);
  });

  test('a plain-text citation is marked without JavaScript too', async ({ browser, user }, testInfo) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
    const request = context.request;
    const text = `Session 12\n\n${'The party rests at the inn.\n'.repeat(80)}Oswin the drowned knight wakes at midnight.\n${'Rain falls.\n'.repeat(20)}`;
    // The API takes the token; the page the session cookie, set by logging in.
    const login = await request.post('/api/auth/login', { data: { username: user.username, password: 'Dragons4ever' } });
    expect(login.status()).toBe(200);
    const log = await seedDocument(request, user.token, 'session-12.txt', 'text/plain', Buffer.from(text));
    const page = await context.newPage();
    await page.goto(citationLink(log.datasetId, log.documentId, log.content, 'Oswin the drowned knight wakes at midnight.'));
    await expect(page.getByTestId('citation-mark')).toHaveText('Oswin the drowned knight wakes at midnight.');
    await context.close();
  });

  test('clicking a real citation in the campaign chat opens the document at the quote', async ({ page, user }) => {
    const md = await seedDocument(page.request, user.token, 'gazetteer.md', 'text/markdown', Buffer.from(MARKDOWN));
    const campaign = (await (await page.request.post('/api/campaigns', { headers: auth(user.token), data: { name: uniqueName('Citations ') } })).json()) as {
      id: string;
    };
    await page.request.post(`/api/campaigns/${campaign.id}/datasets`, { headers: auth(user.token), data: { dataset_id: md.datasetId } });
    await page.goto(`/assistant?campaign=${campaign.id}`);
    await page.getByLabel('Your question').fill('Where is the Ember Crown hidden, and who guards it?');
    await page.getByLabel('Your question').press('Enter');
    const link = page.locator('.citation-link').filter({ hasText: 'gazetteer.md' }).first();
    await expect(link).toBeVisible({ timeout: 30_000 });
    expect(await link.getAttribute('href')).toMatch(/[?&]at=\d+-\d+/);
    const [opened] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    const mark = opened.getByTestId('citation-mark');
    await expect(mark.first()).toBeInViewport({ timeout: 20_000 });
    expect(MARKDOWN).toContain((await mark.allTextContents()).join(''));
  });
});

test.describe('the PDF viewer', () => {
  const pdfPages = [['WIDE-LEFT-EDGE Combat in the Drowned Lighthouse and the rest of a long line of text. RIGHT'], ['Second page.'], ['Third page.']];

  test('zoom never hides part of the page, the page field clamps, and 100% is one click away', async ({ page, user }) => {
    const pdf = await seedDocument(page.request, user.token, 'wide.pdf', 'application/pdf', Buffer.from(buildPdf(pdfPages)));
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`/dashboard?tab=datasets&dataset=${pdf.datasetId}&document=${pdf.documentId}`);
    const viewer = page.getByRole('dialog', { name: 'wide.pdf' });
    await expect(viewer.getByTestId('page-count')).toHaveText('of 3', { timeout: 20_000 });
    await expect(viewer.getByTestId('zoom-level')).toHaveText('100%');

    for (let i = 0; i < 10; i++) await viewer.getByRole('button', { name: 'Zoom in' }).click();
    await expect(viewer.getByTestId('zoom-level')).toHaveText('300%');
    // 600 px at 100%, three times that at 300% (less a pixel of rounding).
    await expect
      .poll(async () => parseFloat(await viewer.locator('canvas.pdf-canvas').evaluate((c) => (c as HTMLCanvasElement).style.width)))
      .toBeGreaterThanOrEqual(1799);
    const stage = viewer.getByTestId('pdf-stage');
    // Scrolled fully left, the page's left edge is inside the stage; fully right, its right edge.
    const edges = await stage.evaluate((el) => {
      const canvas = el.querySelector('canvas')!;
      el.scrollLeft = 0;
      const left = canvas.getBoundingClientRect().left - el.getBoundingClientRect().left;
      el.scrollLeft = el.scrollWidth;
      const right = el.getBoundingClientRect().right - canvas.getBoundingClientRect().right;
      el.scrollTop = el.scrollHeight;
      const bottom = el.getBoundingClientRect().bottom - canvas.getBoundingClientRect().bottom;
      return { left, right, bottom, scrolls: el.scrollWidth > el.clientWidth && el.scrollHeight > el.clientHeight };
    });
    expect(edges.scrolls, 'the stage scrolls both ways').toBe(true);
    expect(edges.left).toBeGreaterThanOrEqual(0);
    expect(edges.right).toBeGreaterThanOrEqual(0);
    expect(edges.bottom).toBeGreaterThanOrEqual(0);

    await viewer.getByRole('button', { name: 'Zoom to 100%' }).click();
    await expect(viewer.getByTestId('zoom-level')).toHaveText('100%');
    for (let i = 0; i < 3; i++) await viewer.getByRole('button', { name: 'Zoom out' }).click();
    await expect(viewer.getByTestId('zoom-level')).toHaveText('50%');
    await viewer.getByRole('button', { name: 'Zoom to 100%' }).click();
    await expect(viewer.getByTestId('zoom-level')).toHaveText('100%');
    await expect(viewer.locator('canvas.pdf-canvas')).toHaveCSS('width', '600px');

    const field = viewer.getByLabel('Page number');
    await field.fill('25');
    await field.press('Enter');
    await expect(field).toHaveValue('3');
    await field.fill('25');
    await field.press('Enter');
    await expect(field).toHaveValue('3');
    await field.fill('0');
    await field.blur();
    await expect(field).toHaveValue('1');
    await field.fill('-4');
    await field.press('Enter');
    await expect(field).toHaveValue('1');
  });

  test('on a phone the page opens fitted to the width', async ({ page, user }) => {
    const pdf = await seedDocument(page.request, user.token, 'wide.pdf', 'application/pdf', Buffer.from(buildPdf(pdfPages)));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/dashboard?tab=datasets&dataset=${pdf.datasetId}&document=${pdf.documentId}`);
    const viewer = page.getByRole('dialog', { name: 'wide.pdf' });
    await expect(viewer.getByTestId('page-count')).toHaveText('of 3', { timeout: 20_000 });
    await expect(viewer.getByTestId('zoom-level')).not.toHaveText('100%');
    const fits = await viewer.getByTestId('pdf-stage').evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits, 'the whole width of the page is on screen').toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await viewer.getByRole('button', { name: 'Zoom to 100%' }).click();
    await expect(viewer.getByTestId('zoom-level')).toHaveText('100%');
    await viewer.getByRole('button', { name: 'Fit width' }).click();
    await expect(viewer.getByTestId('zoom-level')).not.toHaveText('100%');
    await page.screenshot({ path: test.info().outputPath('pdf-phone-fit-width.png') });
  });
});
