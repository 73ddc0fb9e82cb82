import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, uniqueName } from './fixtures';

const HARPTOS = path.resolve(import.meta.dirname, '../../server/domain/timeline/fixtures/fantasy-calendar/harptos.json');
/** An export with Lanternfall, a festival day every 4 years after the 10th of Ember (ADR 0358). */
const MID_MONTH = path.resolve(import.meta.dirname, '../../server/domain/timeline/fixtures/fantasy-calendar/vale-mid-month.json');
const SESSION_LOG = path.resolve(import.meta.dirname, '../../server/domain/timeline/proposals/fixtures/session-3.log');

async function campaignWithEvent(page: Page, token: string, name: string) {
  const auth = { authorization: `Bearer ${token}` };
  const campaign = ((await (await page.request.post('/api/campaigns', { data: { name }, headers: auth })).json()) as { id: string }).id;
  const event = await page.request.post(`/api/campaigns/${campaign}/timeline/events`, {
    data: { title: 'The party reaches Greywater', date: '1492-03-14', event_type: 'player_party' },
    headers: auth,
  });
  expect(event.status()).toBe(201);
  return campaign;
}

async function linkLog(page: Page, token: string, campaign: string) {
  const auth = { authorization: `Bearer ${token}` };
  const tome = ((await (await page.request.post('/api/datasets', { data: { name: uniqueName('Session logs ') }, headers: auth })).json()) as { id: string }).id;
  const upload = await page.request.post(`/api/datasets/${tome}/documents`, {
    headers: auth,
    multipart: { file: { name: 'session-3.log', mimeType: 'text/plain', buffer: (await import('node:fs')).readFileSync(SESSION_LOG) } },
  });
  expect(upload.ok()).toBe(true);
  expect((await page.request.post(`/api/campaigns/${campaign}/datasets`, { data: { dataset_id: tome }, headers: auth })).ok()).toBe(true);
  // Wait for the ingestion job: the document must be ready before it can be read.
  await expect
    .poll(
      async () => {
        const documents = (await (await page.request.get(`/api/campaigns/${campaign}/timeline/documents`, { headers: auth })).json()) as Array<{ status: string }>;
        return documents.map((document) => document.status).join(',');
      },
      { timeout: 30_000 },
    )
    .toBe('ready');
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`campaign calendar (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, () => {
    test.use({ javaScriptEnabled });

    test('defines a calendar by hand; events keep their day and read in it', async ({ page, user }) => {
      const campaign = await campaignWithEvent(page, user.token, 'Vale');
      await page.goto(`/timeline?campaign=${campaign}`);
      await page.getByRole('link', { name: /^Calendar: Gregorian/ }).click();
      await expect(page.getByRole('heading', { name: 'Gregorian (proleptic)' })).toBeVisible();

      // A zero-length month is refused, naming it, and what was typed stays.
      await page.getByLabel('Name', { exact: true }).fill('Reckoning of the Vale');
      await page.getByLabel(/^Months, one a line/).fill('Thaw, 90\nLanternfest, 0, festival\nEmber, 92\nFrost, 90\nBloom, 93');
      await page.getByLabel(/^Weekdays/).fill('Oneday, Twoday, Threeday, Fourday, Fiveday');
      await page.getByLabel(/^Eras, one a line/).fill('Age of Lanterns, AL, 1');
      await page.getByLabel(/^Moons, one a line/).fill('Vigil, 27, shift 2, phases 8');
      await page.getByRole('button', { name: 'Save calendar' }).click();
      await expect(page.getByRole('alert')).toHaveText('Month "Lanternfest" has no days: a month needs a length of at least 1');
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Reckoning of the Vale');

      await page.getByLabel(/^Months, one a line/).fill('Thaw, 90\nLanternfest, 1, festival\nEmber, 92\nFrost, 90\nBloom, 92');
      await page.getByLabel(/^Leap days, one a line/).fill('Founders Day, Bloom, every 4, except 100, every 400');
      await page.getByRole('button', { name: 'Save calendar' }).click();
      await expect(page.getByRole('status')).toHaveText('Calendar saved. Every event stays on its day.');
      await expect(page.getByTestId('calendar-summary')).toContainText('Lanternfest (1, festival)');

      await page.getByRole('link', { name: 'Back to the timeline' }).click();
      const list = page.getByTestId('event-list');
      await expect(list.locator('time')).toHaveText(/ AL$/);
      await page.screenshot({ path: test.info().outputPath('calendar-defined.png') });
    });

    test('imports a Fantasy-Calendar.com export and returns to the Gregorian calendar', async ({ page, user }) => {
      const campaign = await campaignWithEvent(page, user.token, 'Realms');
      await page.goto(`/timeline/calendar?campaign=${campaign}`);
      await page.getByLabel('Calendar file (JSON export)').setInputFiles(HARPTOS);
      await page.getByRole('button', { name: 'Import calendar' }).click();
      await expect(page.getByRole('status')).toHaveText('Calendar imported. Every event stays on its day.');
      await expect(page.getByRole('heading', { name: 'Calendar of Harptos' })).toBeVisible();
      await expect(page.getByTestId('calendar-summary')).toContainText('Midwinter (1, festival)');

      // A malformed file is refused with its reason.
      await page
        .getByLabel('Calendar file (JSON export)')
        .setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"name": "x", ') });
      await page.getByRole('button', { name: 'Import calendar' }).click();
      await expect(page.getByRole('alert')).toContainText('The calendar file is not JSON');

      await page.goto(`/timeline?campaign=${campaign}`);
      await expect(page.getByTestId('event-list').locator('time')).toHaveText(/^\d+ \w+ 1492 DR$/);
      await page.goto(`/timeline/calendar?campaign=${campaign}`);
      await page.getByRole('button', { name: 'Use the Gregorian calendar' }).click();
      await expect(page.getByRole('status')).toHaveText('The campaign uses the Gregorian calendar again.');
      await page.goto(`/timeline?campaign=${campaign}`);
      await expect(page.getByTestId('event-list').locator('time')).toHaveText('14 March 1492');
    });

    test('reviews events proposed from a session log: accept with an edit, reject, propose again', async ({ page, user }) => {
      const campaign = await campaignWithEvent(page, user.token, 'Salt Road');
      await linkLog(page, user.token, campaign);
      await page.goto(`/timeline?campaign=${campaign}`);
      await page.getByRole('link', { name: /^Proposed events/ }).click();
      await page.getByRole('button', { name: 'Propose events' }).click();
      await expect(page.getByRole('status')).toHaveText('3 events proposed. Review them below.');
      const cards = page.getByTestId('proposal');
      await expect(cards).toHaveCount(3);
      await expect(cards.first()).toContainText('Warden Osric Pell warns them');

      await cards.first().getByLabel('Title').fill('Arrival at Hollowmere');
      await cards.first().getByRole('button', { name: 'Accept' }).click();
      await expect(page.getByRole('status')).toHaveText('Accepted: the event is on the timeline, linked to its document.');
      await expect(cards).toHaveCount(2);
      await cards.first().getByRole('button', { name: 'Reject' }).click();
      await expect(page.getByRole('status')).toHaveText('Proposal rejected.');
      await expect(cards).toHaveCount(1);

      await page.getByRole('button', { name: 'Propose events' }).click();
      await expect(page.getByRole('status')).toHaveText('Nothing new: every passage was proposed before.');
      await expect(cards).toHaveCount(1);

      await page.getByRole('link', { name: 'Back to the timeline' }).click();
      const items = page.getByTestId('event-list').getByRole('listitem');
      await expect(items.locator('strong')).toHaveText(['The party reaches Greywater', 'Arrival at Hollowmere']);
      await expect(items.nth(1)).toContainText('1 linked document');
    });

    test('accepts every proposal at once, shown to the players, merging the one already on the timeline', async ({ page, user }) => {
      // Phone size without JavaScript, desktop with it.
      await page.setViewportSize(javaScriptEnabled ? { width: 1440, height: 900 } : { width: 390, height: 844 });
      const auth = { authorization: `Bearer ${user.token}` };
      const campaign = await campaignWithEvent(page, user.token, 'Salt Road, all at once');
      const byHand = await page.request.post(`/api/campaigns/${campaign}/timeline/events`, {
        data: { title: 'Ashen Hand raiders attack', date: '1492-03-10', event_type: 'battle' },
        headers: auth,
      });
      expect(byHand.status()).toBe(201);
      await linkLog(page, user.token, campaign);
      await page.goto(`/timeline/proposals?campaign=${campaign}`);
      await page.getByRole('button', { name: 'Propose events' }).click();
      await expect(page.getByTestId('proposal')).toHaveCount(3);
      await expect(page.getByTestId('proposal-match')).toHaveCount(1);
      await expect(page.getByTestId('proposal-match')).toContainText('Ashen Hand raiders attack');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

      const acceptAll = page.getByTestId('accept-all');
      await acceptAll.getByLabel('Show them to the players').check();
      await acceptAll.getByRole('button', { name: 'Accept all 3' }).click();
      await expect(page.getByRole('status')).toHaveText('Accepted 2 events; 1 merged into events already on the timeline.');
      await expect(page.getByTestId('proposal')).toHaveCount(0);

      const events = (await (await page.request.get(`/api/campaigns/${campaign}/timeline`, { headers: auth })).json()).events as Array<{
        title: string;
        player_visible: boolean;
        linked_documents: string[];
      }>;
      expect(events).toHaveLength(4);
      expect(events.find((event) => event.title === 'Ashen Hand raiders attack')?.linked_documents).toHaveLength(1);
      expect(
        events
          .filter((event) => event.player_visible)
          .map((event) => event.title)
          .sort(),
      ).toEqual(['Idris Fenn pries open the crate and finds a map of the Sunless Vault', 'The caravan reaches Hollowmere at noon']);
    });
  });
}

test.describe('timeline saves under failure', () => {
  test('an injected 500 on a save keeps the page and the typed event', async ({ page, user }) => {
    const campaign = await campaignWithEvent(page, user.token, 'Flaky');
    await page.goto(`/timeline?campaign=${campaign}`);
    await expect(page.getByTestId('timeline-marker')).toHaveCount(1);
    await page.route('**/timeline.data*', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: 'Internal Server Error' }) : route.continue(),
    );
    await page.getByRole('link', { name: '+ Add Event' }).click();
    const modal = page.getByTestId('event-modal');
    await modal.getByLabel('Title').fill('The barge sails at dawn');
    await modal.getByLabel('Location').fill('Greywater docks');
    await modal.getByRole('button', { name: 'Create Event' }).click();
    await expect(modal.getByRole('alert')).toContainText('Failed to save event');
    await expect(modal.getByLabel('Title')).toHaveValue('The barge sails at dawn');
    await expect(modal.getByLabel('Location')).toHaveValue('Greywater docks');
    await expect(page.getByText('Failed to load timeline')).toHaveCount(0);

    // Once the server answers again, the same form saves.
    await page.unroute('**/timeline.data*');
    await modal.getByRole('button', { name: 'Create Event' }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('event-list').locator('strong')).toHaveText(['The party reaches Greywater', 'The barge sails at dawn']);
  });

  test('the date picker writes a day of the campaign’s calendar', async ({ page, user }) => {
    const campaign = await campaignWithEvent(page, user.token, 'Picker');
    await page.request.post(`/api/campaigns/${campaign}/calendar/import`, {
      data: JSON.parse((await import('node:fs')).readFileSync(HARPTOS, 'utf8')),
      headers: { authorization: `Bearer ${user.token}` },
    });
    await page.goto(`/timeline?campaign=${campaign}`);
    await page.getByRole('link', { name: '+ Add Event' }).click();
    const modal = page.getByTestId('event-modal');
    await modal.getByLabel('Date').fill('1492-01-30');
    await modal.getByRole('button', { name: 'Pick a date' }).click();
    const picker = modal.getByTestId('date-picker');
    await expect(picker).toContainText('Hammer 1492 DR');
    await picker.getByRole('button', { name: 'Next month' }).click();
    await expect(picker).toContainText('Midwinter 1492 DR');
    await picker.getByRole('button', { name: 'Midwinter, 1492 DR' }).click();
    await expect(modal.getByLabel('Date')).toHaveValue('1492-02-01');
    await expect(modal.getByText('Reads as Midwinter, 1492 DR')).toBeVisible();
    await modal.getByLabel('Title').fill('Midwinter feast');
    await modal.getByRole('button', { name: 'Create Event' }).click();
    await expect(modal).toBeHidden();
    await page.getByRole('button', { name: /^Midwinter feast:/ }).hover();
    await expect(page.getByTestId('timeline-tooltip')).toContainText('Midwinter, 1492 DR');
    await expect(page.getByTestId('timeline-tooltip')).toContainText(/Selûne: (New Moon|Waxing|First|Full|Waning|Last)/);
  });
});

test('the date picker gives a festival day inside a month a row of its own and keeps the days after it under their weekdays', async ({ page, user }) => {
  const campaign = await campaignWithEvent(page, user.token, 'Mid-month');
  const imported = await page.request.post(`/api/campaigns/${campaign}/calendar/import`, {
    data: JSON.parse((await import('node:fs')).readFileSync(MID_MONTH, 'utf8')),
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(imported.status()).toBe(200);
  await page.goto(`/timeline?campaign=${campaign}`);
  await page.getByRole('link', { name: '+ Add Event' }).click();
  const modal = page.getByTestId('event-modal');
  await modal.getByLabel('Date').fill('0004-02-10');
  await modal.getByRole('button', { name: 'Pick a date' }).click();
  const picker = modal.getByTestId('date-picker');
  await expect(picker).toContainText('Ember 4');
  const festival = picker.getByRole('button', { name: 'Lanternfall, 4' });
  await expect(festival).toHaveText('Lanternfall');
  // A row of its own: as wide as the week; the 10th and the 12th sit one weekday apart (Sun..Star, 7 columns).
  const grid = (await picker.locator('.tl-picker-grid').boundingBox())!;
  const row = (await festival.boundingBox())!;
  expect(row.width).toBeGreaterThan(grid.width * 0.9);
  const columnOf = async (name: string) => {
    const box = (await picker.getByRole('button', { name }).boundingBox())!;
    return Math.round(((box.x - grid.x) / grid.width) * 7);
  };
  expect(((await columnOf('12 Ember 4')) - (await columnOf('10 Ember 4')) + 7) % 7).toBe(1);
  expect((await picker.getByRole('button', { name: '12 Ember 4' }).boundingBox())!.y).toBeGreaterThan(row.y);
  await festival.click();
  await expect(modal.getByLabel('Date')).toHaveValue('0004-02-11');
  await expect(modal.getByText('Reads as Lanternfall, 4')).toBeVisible();
});

const SIZES = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
];

/** Interactive elements smaller than 44 px either way (visible ones only). */
async function smallTargets(page: Page, scope: string) {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector) ?? document.body;
    return [...root.querySelectorAll<HTMLElement>('button, a.button, select, input:not([type=hidden]):not([type=checkbox]):not([type=file])')]
      .filter((element) => element.offsetParent !== null)
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 44 || box.height < 44))
      .map(
        ({ element, box }) =>
          `${element.tagName} "${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 30)}" ${Math.round(box.width)}x${Math.round(box.height)}`,
      );
  }, scope);
}

// One account for the four sizes (a test's own account and browser are most of its cost); each size
// on a campaign of its own, loaded afresh at that size.
test('the timeline at four sizes: no horizontal scroll, 44 px targets, modal usable', async ({ page, user }) => {
  test.setTimeout(4 * 60_000);
  for (const size of SIZES) {
    await test.step(`${size.width}x${size.height}`, async () => {
      await page.setViewportSize(size);
      const campaign = await campaignWithEvent(page, user.token, `Sizes ${size.width}`);
      await page.goto(`/timeline?campaign=${campaign}`);
      await expect(page.getByTestId('timeline-marker')).toHaveCount(1);
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      expect(await smallTargets(page, 'main')).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`timeline-${size.width}x${size.height}.png`) });

      await page.getByRole('link', { name: '+ Add Event' }).click();
      const modal = page.getByTestId('event-modal');
      await expect(modal.getByRole('button', { name: 'Create Event' })).toBeVisible();
      expect(await overflow()).toBeLessThanOrEqual(0);
      expect(await smallTargets(page, '[data-testid=event-modal]')).toEqual([]);
      await modal.getByLabel('Title').fill('Sized');
      await modal.getByRole('button', { name: 'Create Event' }).click();
      await expect(modal).toBeHidden();

      for (const screen of ['calendar', 'proposals']) {
        await page.goto(`/timeline/${screen}?campaign=${campaign}`);
        expect(await overflow()).toBeLessThanOrEqual(0);
        expect(await smallTargets(page, 'main')).toEqual([]);
      }
    });
  }
});
