import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The track's words as a user reads them, at every zoom, in the Gregorian calendar and in an
 * imported Fantasy-Calendar.com calendar whose month names are long and share first letters:
 * labels never meet, a cut name carries a period (no "See" or "Dee"), "Today" reads on one line,
 * and a title with room before the next event is shown whole.
 */
const SIZES = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
];
const ZOOMS = ['year', 'month', 'week', 'day'] as const;

const MONTHS: Array<[string, number, boolean?]> = [
  ['Seedtime', 12],
  ['Seedfall', 12],
  ['Deepwinter', 8],
  ['Deepfrost', 8],
  ['Highharvestide', 1, true],
  ['Lanternfest', 10],
  ['Lanternwane', 10],
  ['Frostmoot', 12],
  ['Frostfall', 12],
  ['Sunsebb', 30],
];
const WEEKDAYS = ['Moonday', 'Starday', 'Fireday', 'Stoneday', 'Restday'];
const LONG_TITLE = 'The Nine Lanterns convene at Dawnhold';

function lanternCalendar() {
  const harptos = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../server/domain/timeline/fixtures/fantasy-calendar/harptos.json'), 'utf8'));
  harptos.name = 'Reckoning of the Lanterns';
  harptos.static_data.year_data.timespans = MONTHS.map(([name, length, festival]) => ({
    name,
    type: festival ? 'intercalary' : 'month',
    interval: 1,
    offset: 0,
    length,
  }));
  harptos.static_data.year_data.global_week = WEEKDAYS;
  harptos.static_data.year_data.leap_days = [];
  harptos.static_data.event_data.events = [];
  return harptos;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

async function campaignWithEvents(page: Page, token: string, calendar: 'gregorian' | 'lanterns') {
  const headers = { authorization: `Bearer ${token}` };
  const campaign = ((await (await page.request.post('/api/campaigns', { data: { name: `Labels ${calendar}` }, headers })).json()) as { id: string }).id;
  let dates: string[];
  if (calendar === 'lanterns') {
    expect((await page.request.post(`/api/campaigns/${campaign}/calendar/import`, { data: lanternCalendar(), headers })).status()).toBe(200);
    dates = ['1492-03-02', '1492-03-04', '1492-06-01', '1492-10-05'];
  } else {
    // The latest event is today, so the Today marker is in the opening view at every zoom.
    const now = new Date();
    dates = [-40, -12, -11, 0].map((offset) => isoDay(new Date(now.getTime() + offset * 86_400_000)));
  }
  const titles = ['Battle at the Deepwinter ford', 'Oracle of the Seedfall', 'Lantern procession', LONG_TITLE];
  for (const [index, date] of dates.entries()) {
    const response = await page.request.post(`/api/campaigns/${campaign}/timeline/events`, {
      data: { title: titles[index], date, event_type: 'player_party' },
      headers,
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  return campaign;
}

interface Box {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The axis labels drawn on the track (those the layer renders, in view or just beside it). */
const axisLabels = (page: Page) =>
  page
    .locator('.tl-tick span')
    .evaluateAll((spans) =>
      spans.map((span) => ({ text: span.textContent ?? '', ...JSON.parse(JSON.stringify(span.getBoundingClientRect())) })).filter((box) => box.text.trim() !== ''),
    ) as Promise<Box[]>;

const meet = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A word of a label reads as a name of the calendar, a number, a year's era, or a cut marked with a period that names one month. */
function unreadableWords(labels: Box[], names: string[]): string[] {
  const bad: string[] = [];
  for (const { text } of labels) {
    for (const word of text.split(' ')) {
      if (/^-?\d+$/.test(word) || ['DR', 'BC', 'AD'].includes(word) || names.includes(word)) continue;
      const cut = word.endsWith('.') ? word.slice(0, -1) : null;
      const months = MONTHS.map(([name]) => name);
      const matches = cut ? names.filter((name) => name.startsWith(cut)) : [];
      const oneMonth = matches.every((name) => !months.includes(name)) || matches.filter((name) => months.includes(name)).length === 1;
      if (!cut || matches.length === 0 || !oneMonth) bad.push(`${word} (in "${text}")`);
    }
  }
  return bad;
}

const GREGORIAN_NAMES = [
  ...['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  ...['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
];

async function checkTrack(page: Page, names: string[], where: string) {
  const labels = await axisLabels(page);
  expect(labels.length, `${where}: some axis labels`).toBeGreaterThan(0);
  const overlaps: string[] = [];
  for (let a = 0; a < labels.length; a += 1)
    for (let b = a + 1; b < labels.length; b += 1) if (meet(labels[a], labels[b])) overlaps.push(`"${labels[a].text}" meets "${labels[b].text}"`);
  expect(overlaps, `${where}: labels that meet`).toEqual([]);
  expect(unreadableWords(labels, names), `${where}: words that read as other words`).toEqual([]);

  const today = page.locator('.tl-today span');
  if (await today.count()) {
    const box = (await today.boundingBox())!;
    const lineHeight = await today.evaluate((span) => Number.parseFloat(getComputedStyle(span).fontSize) * 1.6);
    expect(box.height, `${where}: "Today" on one line`).toBeLessThan(lineHeight);
    expect(box.width).toBeGreaterThan(box.height);
  }

  // The latest event has the whole track after it: its title is shown whole.
  const label = page.getByTestId('timeline-marker').filter({ hasText: LONG_TITLE }).locator('.tl-marker-label');
  await expect(label, `${where}: the latest title shown`).toHaveText(LONG_TITLE);
  const cut = await label.evaluate((span) => span.scrollWidth - span.clientWidth);
  expect(cut, `${where}: the latest title is not cut`).toBeLessThanOrEqual(0);
}

test.describe('timeline labels', () => {
  test('at four sizes: axis labels never meet or read as other words; Today on one line; whole titles', async ({ page, user }) => {
    test.setTimeout(SIZES.length * 120_000);
    // The two campaigns are made once and read at each size, loaded afresh (ADR 0363).
    const campaigns = { lanterns: await campaignWithEvents(page, user.token, 'lanterns'), gregorian: await campaignWithEvents(page, user.token, 'gregorian') };
    for (const size of SIZES) {
      await test.step(`${size.width}x${size.height}`, async () => {
        await page.setViewportSize(size);
        for (const calendar of ['lanterns', 'gregorian'] as const) {
          const campaign = campaigns[calendar];
          const names = calendar === 'lanterns' ? [...MONTHS.map(([name]) => name), ...WEEKDAYS] : GREGORIAN_NAMES;
          for (const zoom of ZOOMS) {
            await page.goto(`/timeline?campaign=${campaign}&zoom=${zoom}`);
            await expect(page.getByTestId('timeline-viewport')).toHaveAttribute('data-zoom', zoom);
            await expect(page.getByTestId('timeline-marker').filter({ hasText: LONG_TITLE })).toBeVisible();
            await checkTrack(page, names, `${calendar} ${zoom}`);
            if (calendar === 'gregorian') await expect(page.locator('.tl-today span'), `${zoom}: Today in view`).toBeVisible();
            await page.getByTestId('timeline-viewport').screenshot({ path: test.info().outputPath(`${size.width}x${size.height}`, `${calendar}-${zoom}.png`) });
          }
          // The other end of the track, where the short months sit together.
          await page.getByRole('button', { name: 'Earliest' }).click();
          await expect(page.getByTestId('timeline-marker').filter({ hasText: 'Battle at the Deepwinter ford' })).toBeVisible();
          const labels = await axisLabels(page);
          for (let a = 0; a < labels.length; a += 1)
            for (let b = a + 1; b < labels.length; b += 1) expect(meet(labels[a], labels[b]), `${labels[a].text} / ${labels[b].text}`).toBe(false);
          expect(unreadableWords(labels, names)).toEqual([]);
        }
      });
    }
  });
});
