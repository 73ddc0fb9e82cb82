import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { buildPdf } from '../../server/domain/ingest/extract/test-fixtures';
import { inviteCode, PASSWORD, uniqueName } from './fixtures';
import { test } from './worker-page';
import { expectMainAction, expectNoHorizontalOverflow, expectTapTargets, isTouchSize, keepScreenshot, SIZES, type Size } from './layout-checks';

/**
 * Every screen and modal at 390x844, 768x1024, 1280x720 and 1440x900: no sideways scroll,
 * tap targets of 44 px on touch sizes, the main action on screen and clickable, and a kept
 * screenshot of each (test-results/, or CI_RESULTS_DIR/screenshots).
 */

const LORE = `# Saltmere

## The Ember Crown

The Ember Crown lies hidden beneath the lighthouse of Saltmere, guarded by the drowned knight Oswin.

## Ardent Vael

Ardent Vael is the exiled paladin who swore to burn the Ember Crown. She carries a sword named Quietus.
`;

interface World {
  cookies: Awaited<ReturnType<ReturnType<Page['context']>['cookies']>>;
  token: string;
  datasetId: string;
  markdownId: string;
  pdfId: string;
  campaignId: string;
  conversationId: string;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function upload(request: APIRequestContext, token: string, datasetId: string, name: string, mimeType: string, buffer: Buffer) {
  const response = await request.post(`/api/datasets/${datasetId}/documents`, { headers: auth(token), multipart: { file: { name, mimeType, buffer } } });
  expect(response.status()).toBe(202);
  const { job_id: jobId, document_id: documentId } = (await response.json()) as { job_id: string; document_id: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/jobs/${jobId}/status`, { headers: auth(token) })).json()) as { status: string }).status, { timeout: 60_000 })
    .toBe('completed');
  return documentId;
}

/** One GM with a tome (markdown and PDF), a linked campaign with a conversation and a timeline event. */
async function buildWorld(browser: Browser, baseURL: string): Promise<World> {
  const context = await browser.newContext({ baseURL });
  const request = context.request;
  const username = uniqueName('layout');
  const registered = await request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: PASSWORD, registration_code: await inviteCode() },
  });
  expect(registered.status()).toBe(200);
  const { token } = (await registered.json()) as { token: string };
  const dataset = await request.post('/api/datasets', {
    headers: auth(token),
    data: { name: 'Saltmere Lore and the Drowned Lighthouse Chronicles', description: 'Secrets of the coast, its knights and its crowns.' },
  });
  const datasetId = ((await dataset.json()) as { id: string }).id;
  const markdownId = await upload(request, token, datasetId, 'saltmere-lore-of-the-drowned-lighthouse.md', 'text/markdown', Buffer.from(LORE));
  const pdf = buildPdf([
    ['Combat in the Drowned Lighthouse', 'Initiative is rolled once per encounter.', 'Each round lasts six seconds.'],
    ['Cover and Concealment', 'Half cover grants a +2 bonus to AC and Dexterity saving throws.'],
    ['Conditions', 'A prone creature can only crawl unless it stands up.'],
  ]);
  const pdfId = await upload(request, token, datasetId, 'combat-rules-of-the-drowned-lighthouse.pdf', 'application/pdf', Buffer.from(pdf));
  const campaign = await request.post('/api/campaigns', {
    headers: auth(token),
    data: { name: 'The Saltmere Conspiracy', description: 'A coastal heist: the party must recover the Ember Crown before the drowned knight wakes.' },
  });
  const campaignId = ((await campaign.json()) as { id: string }).id;
  await request.post(`/api/campaigns/${campaignId}/datasets`, { headers: auth(token), data: { dataset_id: datasetId } });
  const chat = await request.post(`/api/campaigns/${campaignId}/chat`, { headers: auth(token), data: { query: 'Who guards the Ember Crown?' } });
  expect(chat.ok()).toBe(true);
  const { conversation_id: conversationId } = (await chat.json()) as { conversation_id: string };
  // A second exchange, so the open conversation fills more than one screen of chat.
  await request.post(`/api/campaigns/${campaignId}/chat`, {
    headers: auth(token),
    data: { query: 'Tell me everything about Ardent Vael and the Ember Crown.', conversation_id: conversationId },
  });
  await request.post(`/api/campaigns/${campaignId}/timeline/events`, {
    headers: auth(token),
    data: { title: 'The lighthouse goes dark', date: '1492-03-01', event_type: 'world_event' },
  });
  const cookies = await context.cookies();
  await context.close();
  return { cookies, token, datasetId, markdownId, pdfId, campaignId, conversationId };
}

let world: World;
// The longest file by far: its tests are independent visits, shared out between the workers (each builds its own world).
test.describe.configure({ mode: 'parallel' });
test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  world = await buildWorld(browser, testInfo.project.use.baseURL!);
});

interface Screen {
  name: string;
  url: (w: World) => string;
  signedOut?: boolean;
  /** Opens the modal once the page is there. */
  open?: (page: Page) => Promise<void>;
  /** The control the screen is for. */
  action: (page: Page) => Locator;
}

const dialog = (page: Page) => page.locator('dialog[open]');
const tomes = (query = '') => `/dashboard?tab=datasets${query}`;

const SCREENS: Screen[] = [
  { name: 'login', url: () => '/login', signedOut: true, action: (page) => page.getByRole('button', { name: 'Login', exact: true }) },
  { name: 'register', url: () => '/register', signedOut: true, action: (page) => page.getByRole('button', { name: /register|request access/i }).last() },
  { name: 'dashboard-campaigns', url: () => '/dashboard?tab=campaigns', action: (page) => page.getByRole('link', { name: 'Create Campaign' }).first() },
  {
    name: 'create-campaign-modal',
    url: () => '/dashboard?tab=campaigns&create_campaign=1',
    action: (page) =>
      dialog(page)
        .getByRole('button', { name: /create/i })
        .last(),
  },
  {
    name: 'dashboard-content-creator',
    url: () => '/dashboard?tab=campaigns',
    action: (page) => page.getByRole('region', { name: 'Content Creator' }).getByRole('button', { name: 'Generate' }),
  },
  { name: 'tomes', url: () => tomes(), action: (page) => page.getByRole('link', { name: 'Create Knowledge Tome' }) },
  { name: 'create-tome-modal', url: () => tomes('&create=1'), action: (page) => dialog(page).getByRole('button', { name: 'Create Knowledge Tome' }) },
  { name: 'metadata-modal', url: (w) => tomes(`&metadata=${w.datasetId}`), action: (page) => dialog(page).getByRole('button', { name: 'Save', exact: true }) },
  { name: 'delete-tome-modal', url: (w) => tomes(`&delete=${w.datasetId}`), action: (page) => dialog(page).getByRole('button', { name: 'Delete Knowledge Tome' }) },
  {
    name: 'manage-documents-modal',
    url: (w) => tomes(`&manage=${w.datasetId}`),
    action: (page) =>
      dialog(page)
        .getByRole('button', { name: /upload/i })
        .first(),
  },
  {
    name: 'markdown-viewer-modal',
    url: (w) => tomes(`&dataset=${w.datasetId}&document=${w.markdownId}`),
    action: (page) => dialog(page).getByRole('button', { name: 'Edit' }),
  },
  {
    name: 'pdf-viewer-modal',
    url: (w) => tomes(`&dataset=${w.datasetId}&document=${w.pdfId}`),
    open: async (page) => {
      await expect(page.getByTestId('page-count')).toHaveText('of 3', { timeout: 20_000 });
      await expect(page.locator('.pdf-stage')).toHaveAttribute('aria-busy', 'false');
    },
    action: (page) => dialog(page).getByRole('button', { name: 'Next ›' }),
  },
  { name: 'assistant-choose', url: () => '/assistant', action: (page) => page.getByRole('link', { name: /The Saltmere Conspiracy/ }) },
  {
    name: 'assistant-chat',
    url: (w) => `/assistant?campaign=${w.campaignId}`,
    open: async (page) => page.getByLabel('Your question').fill('Who guards the Ember Crown?'),
    action: (page) => page.getByRole('button', { name: 'Send' }),
  },
  { name: 'assistant-history', url: (w) => `/assistant?campaign=${w.campaignId}&history=1`, action: (page) => page.locator('.history-item').first() },
  {
    name: 'assistant-create-content',
    url: (w) => `/assistant?campaign=${w.campaignId}&tab=create`,
    action: (page) => page.getByRole('button', { name: 'Generate' }),
  },
  {
    name: 'content-preview-modal',
    url: (w) => `/assistant?campaign=${w.campaignId}&tab=create`,
    open: async (page) => {
      await page.getByLabel('Describe what you want to create').fill('A drowned knight who guards the Ember Crown beneath the lighthouse');
      await page.getByRole('button', { name: 'Generate' }).click();
      await expect(page.getByTestId('content-box')).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Preview Markdown' }).click();
      await expect(dialog(page)).toBeVisible();
    },
    action: (page) => dialog(page).getByRole('button', { name: 'Accept & Save to Dataset' }),
  },
  { name: 'timeline', url: (w) => `/timeline?campaign=${w.campaignId}`, action: (page) => page.getByRole('link', { name: /Add Event/ }).first() },
  {
    name: 'timeline-event-modal',
    url: (w) => `/timeline?campaign=${w.campaignId}&new=1`,
    open: async (page) => page.getByLabel(/^Title/).fill('The drowned knight wakes'),
    action: (page) => page.getByRole('button', { name: 'Create Event' }),
  },
  { name: 'concept-map', url: (w) => `/concept-map?campaign=${w.campaignId}`, action: (page) => page.getByRole('link', { name: 'Select Documents' }).first() },
  {
    name: 'concept-map-select-modal',
    url: (w) => `/concept-map?campaign=${w.campaignId}&select=1`,
    action: (page) => page.getByRole('button', { name: 'Generate Map' }).last(),
  },
  {
    name: 'concept-map-settings-modal',
    url: (w) => `/concept-map?campaign=${w.campaignId}`,
    open: async (page) =>
      page
        .getByRole('button', { name: 'Settings' })
        .or(page.getByRole('link', { name: 'Settings' }))
        .first()
        .click(),
    action: (page) => page.getByRole('button', { name: /save|apply/i }).last(),
  },
  { name: 'campaign-players', url: (w) => `/campaigns/${w.campaignId}/players`, action: (page) => page.getByRole('button', { name: 'Create invite' }) },
  { name: 'campaign-notes', url: (w) => `/campaigns/${w.campaignId}/notes`, action: (page) => page.getByRole('button', { name: /Save note/ }) },
  { name: 'campaign-sessions', url: (w) => `/campaigns/${w.campaignId}/sessions?new`, action: (page) => page.getByRole('button', { name: 'Add session' }) },
  { name: 'account', url: () => '/account', action: (page) => page.getByRole('button', { name: 'Create token' }) },
  { name: 'join', url: () => '/join', action: (page) => page.getByRole('button', { name: 'Continue' }) },
  { name: 'play-documents', url: (w) => `/play/${w.campaignId}`, action: (page) => page.getByTestId('play-documents').getByRole('link').first() },
  { name: 'play-document', url: (w) => `/play/${w.campaignId}?document=${w.markdownId}`, action: (page) => page.getByRole('button', { name: 'Ask' }) },
  {
    name: 'play-timeline',
    url: (w) => `/play/${w.campaignId}?view=timeline`,
    action: (page) => page.getByRole('navigation', { name: 'Campaign sections' }).getByRole('link', { name: 'Documents' }),
  },
  {
    name: 'play-map',
    url: (w) => `/play/${w.campaignId}?view=map`,
    action: (page) => page.getByRole('navigation', { name: 'Campaign sections' }).getByRole('link', { name: 'Documents' }),
  },
  { name: 'not-found', url: () => '/no-such-page', action: (page) => page.getByRole('link', { name: 'Back to the dashboard' }) },
];

async function visit(page: Page, screen: Screen) {
  // The worker's one page goes from screen to screen: signed in as the world's GM, or signed out.
  if (screen.signedOut) await page.context().clearCookies();
  else await page.context().addCookies(world.cookies);
  await page.goto(screen.url(world));
  await page.waitForLoadState('networkidle');
  if (screen.open) await screen.open(page);
}

/** The page at another size, once the browser has laid it out again and run its resize observers. */
async function resize(page: Page, size: Size) {
  await page.setViewportSize({ width: size.width, height: size.height });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Each screen is loaded three times, not once per size (ADR 0232): at the desktop size, then
 * checked on the laptop after a resize (what a page decides when it loads is then the wider
 * screen's: the harder case for overflow); and loaded afresh on the tablet and on the phone, the
 * sizes a game master uses at the table, where narrow screens decide differently when they load.
 */
const [phone, tablet, ...wider] = SIZES;
const LOADS: Size[][] = [[...wider].reverse(), [tablet], [phone]];

for (const screen of SCREENS) {
  test(screen.name, async ({ workerPage: page }, testInfo) => {
    test.setTimeout(SIZES.length * 60_000);
    for (const sizes of LOADS) {
      await page.setViewportSize({ width: sizes[0].width, height: sizes[0].height });
      await visit(page, screen);
      for (const size of sizes) {
        await test.step(`${size.name} ${size.width}x${size.height}`, async () => {
          if (size !== sizes[0]) await resize(page, size);
          await keepScreenshot(page, testInfo, size, screen.name);
          await expectNoHorizontalOverflow(page);
          await expectMainAction(page, screen.action(page));
          if (isTouchSize(size)) await expectTapTargets(page);
        });
      }
    }
  });
}

// What the first screen of a fresh load shows, at the laptop and the desktop size in turn.
for (const conversation of [false, true]) {
  test(`assistant chat input visible without scrolling (${conversation ? 'a conversation open' : 'new conversation'})`, async ({ workerPage: page }, testInfo) => {
    for (const size of SIZES.filter((s) => s.width >= 1280)) {
      await test.step(`${size.name} ${size.width}x${size.height}`, async () => {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.context().addCookies(world.cookies);
        await page.goto(`/assistant?campaign=${world.campaignId}${conversation ? `&conversation=${world.conversationId}` : ''}`);
        if (conversation) await expect(page.getByTestId('chat-message')).toHaveCount(4);
        await expect(page.getByLabel('Your question')).toBeInViewport({ ratio: 1 });
        await expect(page.getByRole('button', { name: 'Send' })).toBeInViewport({ ratio: 1 });
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        // The newest answer is on screen too, not hidden under the input.
        if (conversation) await expect(page.getByTestId('chat-message').last()).toBeInViewport();
        await keepScreenshot(page, testInfo, size, `assistant-chat-first-screen${conversation ? '-conversation' : ''}`);
      });
    }
  });
}

test.describe('navigation on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const javaScriptEnabled of [true, false]) {
    test(`the nav collapses into a menu (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({ browser }, testInfo) => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled, baseURL: testInfo.project.use.baseURL });
      await context.addCookies(world.cookies);
      const page = await context.newPage();
      await page.goto('/dashboard');
      const main = page.getByRole('navigation', { name: 'Main' });
      const menu = page.getByText('Menu', { exact: true });
      await expect(menu).toBeVisible();
      await expect(main.getByRole('link', { name: 'Timeline' })).toBeHidden();
      const banner = await page.getByTestId('usage-banner').boundingBox();
      const header = await page.locator('header.nav').boundingBox();
      expect(header!.height + banner!.height, 'nav and usage banner stay compact').toBeLessThanOrEqual(844 * 0.15);
      await menu.click();
      await expect(main.getByRole('link', { name: 'Timeline' })).toBeVisible();
      await expectTapTargets(page);
      await keepScreenshot(page, testInfo, SIZES[0] as Size, `nav-menu-open-js-${javaScriptEnabled ? 'on' : 'off'}`);
      await main.getByRole('link', { name: 'Timeline' }).click();
      await expect(page).toHaveURL(/\/timeline/);
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Timeline' })).toBeHidden();
      await context.close();
    });
  }
});
