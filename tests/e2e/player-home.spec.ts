import type { Page } from '@playwright/test';
import { expect, signIn, test, uniqueName } from './fixtures';
import { expectNoHorizontalOverflow } from './layout-checks';
import { GM_ONLY_WORDS, auth, join, seatPlayer, seedGmTable } from './player-table';

/**
 * A player's home (issue 34): a player lands on their campaign, with what the GM shares and its
 * documents, timeline, concept map and Assistant one tap away, in a player's words; every one of those
 * screens shows only what the GM made visible; someone both GM and player sees both, apart.
 */
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'desktop', width: 1280, height: 720 },
] as const;

/** What a GM's screens say, that a player's must never. */
const GM_WORDS = ['Greetings, Game Master', 'No campaigns yet', 'Create Campaign', 'Campaign Command Center'];

/** What a reader sees of the page (text hidden from them left out). */
function shownText(page: Page, selector: string): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: the test is about what is shown, which textContent is not.
  return page.locator(selector).innerText();
}

async function expectNoneOf(text: Promise<string>, words: string[]) {
  const shown = await text;
  expect(words.filter((word) => shown.includes(word))).toEqual([]);
}

test.describe.configure({ timeout: 240_000 });

test('a player lands on their campaign, and its documents, timeline, concept map and Assistant are one tap away, at phone, tablet and desktop sizes', async ({
  page,
  user,
  browser,
  baseURL,
}) => {
  test.setTimeout(SIZES.length * 120_000);
  // One table and one seated player, who goes through it afresh at each size (ADR 0363).
  const table = await seedGmTable(page.request, user.token);
  const { page: player } = await seatPlayer(browser, baseURL!, page.request, user.token, table.campaignId);
  for (const size of SIZES) {
    await test.step(`${size.name} ${size.width}x${size.height}`, async () => {
      await player.setViewportSize({ width: size.width, height: size.height });
      await player.goto('/');
      await expect(player).toHaveURL(/\/dashboard$/);
      await expect(player.getByRole('heading', { name: 'Your campaign', level: 1 })).toBeVisible();
      const card = player.getByRole('article', { name: table.campaignName });
      await expect(card.getByRole('heading', { name: table.campaignName })).toBeVisible();
      await expect(card.getByRole('link', { name: 'ember-crown-lore.md' })).toBeVisible();
      await expectNoneOf(shownText(player, 'body'), [...GM_WORDS, 'gm-secrets.md']);
      await expectNoHorizontalOverflow(player);

      // The shown document, one tap away, without its GM blocks.
      await card.getByRole('link', { name: 'ember-crown-lore.md' }).click();
      await expect(player.getByTestId('document-content')).toContainText('Wenna Corlis');
      await expectNoneOf(shownText(player, 'main'), GM_ONLY_WORDS);

      // The card's Timeline and Concept Map open the campaign's player view, never a GM's empty screen.
      await player.goto('/dashboard');
      await player.getByRole('article', { name: table.campaignName }).getByRole('link', { name: 'Timeline' }).click();
      await expect(player).toHaveURL(new RegExp(`/play/${table.campaignId}\\?view=timeline$`));
      await expect(player.getByTestId('play-events').getByRole('listitem')).toHaveCount(1);
      await expect(player.getByTestId('play-events')).toContainText('Ambush in Greywater');
      await expectNoneOf(shownText(player, 'body'), [...GM_WORDS, ...GM_ONLY_WORDS]);
      await player.goto('/dashboard');
      await player.getByRole('article', { name: table.campaignName }).getByRole('link', { name: 'Concept Map' }).click();
      await expect(player).toHaveURL(new RegExp(`/play/${table.campaignId}\\?view=map$`));
      await expect(player.getByRole('heading', { name: 'Concept Map' })).toBeVisible();
      await expectNoneOf(shownText(player, 'body'), GM_WORDS);

      // The GM's screens asked for by address open the player's view too.
      await player.goto(`/timeline?campaign=${table.campaignId}`);
      await expect(player).toHaveURL(new RegExp(`/play/${table.campaignId}\\?view=timeline$`));
      await player.goto('/concept-map');
      await expect(player).toHaveURL(new RegExp(`/play/${table.campaignId}\\?view=map$`));

      // The Assistant speaks to a player.
      await player.goto('/dashboard');
      await player.getByRole('article', { name: table.campaignName }).getByRole('link', { name: 'Open in Assistant' }).click();
      await expect(player).toHaveURL(new RegExp(`/assistant\\?campaign=${table.campaignId}`));
      await expect(player.getByLabel('Your question')).toBeVisible();
      await expectNoneOf(shownText(player, 'body'), GM_WORDS);
    });
  }
  await player.context().close();
});

test.describe('without JavaScript, on a phone', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('a player of several campaigns gets the list; the nav leads to no GM screen', async ({ page, user, browser, baseURL }) => {
    const first = await seedGmTable(page.request, user.token);
    const secondName = uniqueName('Salt and Iron ');
    const second = ((await (await page.request.post('/api/campaigns', { headers: auth(user.token), data: { name: secondName } })).json()) as { id: string }).id;
    const { page: player, token } = await seatPlayer(browser, baseURL!, page.request, user.token, first.campaignId, false);
    await join(player, token, page.request, user.token, second);

    await player.goto('/dashboard');
    await expect(player.getByRole('heading', { name: 'Your campaigns', level: 1 })).toBeVisible();
    await expect(player.getByTestId('seat-card')).toHaveCount(2);
    await expect(player.getByRole('article', { name: secondName })).toContainText('Nothing shared yet');
    await expectNoneOf(shownText(player, 'body'), GM_WORDS);
    // The menu (a checkbox without JavaScript) lists the player's screens, not the GM's Knowledge Tomes.
    await player.getByText('Menu').click();
    const nav = player.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Your campaigns' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Knowledge Tomes' })).toHaveCount(0);
    // With two campaigns the nav's Timeline asks which: the list.
    await nav.getByRole('link', { name: 'Timeline' }).click();
    await expect(player).toHaveURL(/\/dashboard$/);
    await player.getByRole('article', { name: secondName }).getByRole('link', { name: 'Timeline' }).click();
    await expect(player).toHaveURL(new RegExp(`/play/${second}\\?view=timeline$`));
    await expect(player.getByText('No events yet.')).toBeVisible();
    await player.context().close();
  });

  test('someone who runs a campaign and plays in another sees both, apart', async ({ page, browser, baseURL }) => {
    // An account of its own: the worker's shared GM already runs the campaigns of earlier tests.
    const user = await signIn(page);
    const otherGm = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const otherGmPage = await otherGm.newPage();
    const gm = await signIn(otherGmPage);
    const theirs = (
      (await (await otherGmPage.request.post('/api/campaigns', { headers: auth(gm.token), data: { name: uniqueName('Their table ') } })).json()) as {
        id: string;
      }
    ).id;
    const mineName = uniqueName('My table ');
    await page.request.post('/api/campaigns', { headers: auth(user.token), data: { name: mineName } });
    await join(page, user.token, otherGmPage.request, gm.token, theirs);

    await page.goto('/dashboard');
    const mine = page.getByRole('region', { name: 'Your campaigns' });
    const played = page.getByRole('region', { name: 'Campaigns you play in' });
    await expect(mine.getByTestId('campaign-card')).toHaveCount(1);
    await expect(mine).toContainText(mineName);
    await expect(played.getByTestId('seat-card')).toHaveCount(1);
    await expect(played.getByTestId('seat-card').getByRole('link', { name: 'Timeline' })).toHaveAttribute('href', `/play/${theirs}?view=timeline`);
    await expect(played.getByTestId('seat-card').getByRole('link', { name: 'Concept Map' })).toHaveAttribute('href', `/play/${theirs}?view=map`);
    await otherGm.close();
  });
});

test.describe('the player timeline and concept map show only what the GM made visible', () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`pages and API (JavaScript ${javaScriptEnabled ? 'on' : 'off'}); someone without a seat gets 404`, async ({ page, user, browser, baseURL }) => {
      const table = await seedGmTable(page.request, user.token, { conceptMap: true });
      // The GM's own reading holds the secrets: what follows could fail.
      const gmMap = await (await page.request.get(`/api/campaigns/${table.campaignId}/concept-map`, { headers: auth(user.token) })).text();
      expect(gmMap).toContain('Drowned Chapel');
      const { page: player, token } = await seatPlayer(browser, baseURL!, page.request, user.token, table.campaignId, javaScriptEnabled);

      for (const url of ['timeline', 'concept-map', 'documents']) {
        const answer = await player.request.get(`/api/campaigns/${table.campaignId}/${url}`, { headers: auth(token) });
        expect(answer.status()).toBe(200);
        await expectNoneOf(answer.text(), GM_ONLY_WORDS);
      }
      await player.goto(`/play/${table.campaignId}?view=timeline`);
      await expect(player.getByTestId('play-events').getByRole('listitem')).toHaveCount(1);
      await expectNoneOf(shownText(player, 'body'), [...GM_ONLY_WORDS, 'GM only']);
      await player.goto(`/play/${table.campaignId}?view=map`);
      await expect(player.getByTestId('play-concepts').getByRole('listitem').first()).toBeVisible();
      await expect(player.getByTestId('play-concepts')).toContainText('Wenna Corlis');
      await expectNoneOf(shownText(player, 'body'), [...GM_ONLY_WORDS, 'gm-secrets.md', 'GM only']);
      await player.goto(`/play/${table.campaignId}`);
      await expect(player.getByTestId('play-documents').getByRole('listitem')).toHaveCount(1);
      await expectNoneOf(shownText(player, 'body'), ['gm-secrets.md', 'GM only']);
      expect((await player.goto(`/play/${table.campaignId}?document=${table.secrets}`))!.status()).toBe(404);

      // Another signed-in user, with no seat: 404 on every player page and its API.
      const stranger = await browser.newContext({ baseURL, javaScriptEnabled });
      const strangerPage = await stranger.newPage();
      const outsider = await signIn(strangerPage);
      for (const view of ['', '?view=timeline', '?view=map', `?document=${table.lore}`]) {
        expect((await strangerPage.goto(`/play/${table.campaignId}${view}`))!.status(), view).toBe(404);
      }
      for (const url of ['timeline', 'concept-map', 'documents']) {
        expect((await strangerPage.request.get(`/api/campaigns/${table.campaignId}/${url}`, { headers: auth(outsider.token) })).status()).toBe(404);
      }
      // The GM's screens by address do not open another's campaign either.
      await strangerPage.goto(`/timeline?campaign=${table.campaignId}`);
      await expect(strangerPage).toHaveURL(/\/timeline\?campaign=/);
      await expectNoneOf(shownText(strangerPage, 'body'), ['Ambush in Greywater', ...GM_ONLY_WORDS]);
      await stranger.close();
      await player.context().close();
    });
  }
});
