import type { APIRequestContext } from '@playwright/test';
import { expect, pageIsLive, playerPage, registerThroughInvite, test, uniqueName } from './fixtures';
import { expectNoHorizontalOverflow, expectTapTargets, keepScreenshot, SIZES } from './layout-checks';

/**
 * Sessions in the campaign (issue 35): the GM writes a session's notes (typed, or from an
 * uploaded log), edits and deletes it, proposes timeline events from it; a player reads only the
 * shown sessions, without the `:::gm` blocks. With and without JavaScript: the journey on a phone
 * (the narrowest screen, where the page decides most at load), then both screens it ends on loaded
 * again at the tablet and desktop sizes (set up once, checked at every size).
 */
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function campaignByApi(request: APIRequestContext, token: string, name: string) {
  const response = await request.post('/api/campaigns', { headers: auth(token), data: { name } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const NOTES = ['The party rides out of Greywater at dawn.', '', ':::gm', 'The ferryman is a spy.', ':::', '', 'They reach the Sunless Vault.'].join('\n');
const [JOURNEY_SIZE, ...OTHER_SIZES] = SIZES.filter((size) => size.name !== 'laptop');

for (const js of [true, false]) {
  test.describe(js ? 'sessions with JavaScript' : 'sessions without JavaScript', () => {
    test.use({ javaScriptEnabled: js });

    {
      const size = JOURNEY_SIZE;
      test('the GM writes, edits, uploads, proposes from and deletes a session; a player reads what is shown', async ({
        page,
        user,
        browser,
        baseURL,
      }, testInfo) => {
        // Two browsers and a dozen page loads: minutes on a loaded machine.
        test.setTimeout(240_000);
        await page.setViewportSize({ width: size.width, height: size.height });
        const campaignName = uniqueName('Greywater ');
        const campaignId = await campaignByApi(page.request, user.token, campaignName);

        // From the campaign card to an empty list that opens on the New session form.
        await page.goto('/dashboard?tab=campaigns');
        await page.getByRole('link', { name: `Sessions of ${campaignName}` }).click();
        await expect(page.getByRole('heading', { name: 'Sessions', level: 1 })).toBeVisible();
        await expect(page.getByText('No sessions yet.')).toBeVisible();

        // A refused date says what is wrong and keeps what was typed.
        const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add session' }) });
        await form.getByLabel('Title').fill('Out of Greywater');
        await form.getByLabel(/In-world date/).fill('31 Nowhere 99999999');
        await form.getByLabel(/^Notes/).fill(NOTES);
        await form.getByRole('button', { name: 'Add session' }).click();
        await expect(page.getByRole('alert').filter({ hasText: 'world_start' })).toBeVisible();
        await expect(form.getByLabel('Title')).toHaveValue('Out of Greywater');

        await form.getByLabel(/In-world date/).fill('1492-03-14');
        await form.getByLabel(/Played on/).fill('2026-11-20');
        await form.getByRole('button', { name: 'Add session' }).click();
        const first = page.getByRole('listitem', { name: 'Session 1: Out of Greywater' });
        await expect(first).toContainText('Played 2026-11-20');
        await expect(first).toContainText('In the world: 14 March 1492');
        await expect(first).toContainText('GM only');
        await expect(first.getByRole('complementary', { name: 'GM only' })).toContainText('The ferryman is a spy.');

        // Edit: show it to the players.
        await first.getByRole('link', { name: 'Edit session 1' }).click();
        await page.getByLabel('Title').fill('Out of Greywater at dawn');
        await page.getByLabel(/Show this session to the players/).check();
        await page.getByRole('button', { name: 'Save session' }).click();
        const edited = page.getByRole('listitem', { name: 'Session 1: Out of Greywater at dawn' });
        await expect(edited).toContainText('Shown to players');

        // A second session from an uploaded log, numbered after the first.
        await page.getByRole('link', { name: 'New session' }).click();
        await page.getByLabel('Title').fill('The Salt Road');
        await page.getByLabel(/upload a session log/).setInputFiles({
          name: 'session-2.md',
          mimeType: 'text/markdown',
          buffer: Buffer.from('# Session 2\n\nCaptain Brannock ambushes the party on the Salt Road.\n'),
        });
        await page.getByRole('button', { name: 'Add session' }).click();
        const second = page.getByRole('listitem', { name: 'Session 2: The Salt Road' });
        await expect(second).toContainText('Captain Brannock ambushes the party');

        // Proposals from the first session's notes land on its in-world date, marked estimated.
        await edited.getByRole('button', { name: 'Propose timeline events from session 1' }).click();
        await expect(page.getByRole('heading', { name: 'Proposed Events' })).toBeVisible();
        await expect(page.getByText(/events? proposed/)).toBeVisible();
        await expect(page.getByText('Session 1: Out of Greywater at dawn').first()).toBeVisible();

        // Delete the second session, after a confirmation.
        await page.goto(`/campaigns/${campaignId}/sessions`);
        await page.getByRole('listitem', { name: 'Session 2: The Salt Road' }).getByRole('link', { name: 'Delete session 2' }).click();
        await page.getByRole('button', { name: 'Delete session 2 for good' }).click();
        await expect(page.getByRole('listitem', { name: 'Session 2: The Salt Road' })).toHaveCount(0);
        await expect(page.getByTestId('session')).toHaveCount(1);

        await expectNoHorizontalOverflow(page);
        if (size.width <= 1024) await expectTapTargets(page);
        await keepScreenshot(page, testInfo, size, `sessions-gm-${js ? 'js' : 'nojs'}`);

        // A player reads the shown session without its GM block; a hidden one is not there.
        await page.request.post(`/api/campaigns/${campaignId}/sessions`, { headers: auth(user.token), data: { title: 'Behind the screen' } });
        const invite = await page.request.post(`/api/campaigns/${campaignId}/invites`, { headers: auth(user.token), data: {} });
        const player = await playerPage(browser, baseURL!, js);
        await player.setViewportSize({ width: size.width, height: size.height });
        await registerThroughInvite(player, ((await invite.json()) as { link: string }).link, uniqueName('player'));
        await expect(player).toHaveURL(/joined=/);
        await player.getByRole('article', { name: campaignName }).getByRole('link', { name: 'Sessions' }).click();
        const shown = player.getByRole('listitem', { name: 'Session 1: Out of Greywater at dawn' });
        await expect(shown).toContainText('They reach the Sunless Vault.');
        await expect(player.getByText('The ferryman is a spy.')).toHaveCount(0);
        await expect(player.getByText('Behind the screen')).toHaveCount(0);
        await expect(player.getByRole('link', { name: 'New session' })).toHaveCount(0);
        await expect(shown.getByRole('link', { name: /Edit/ })).toHaveCount(0);
        await expectNoHorizontalOverflow(player);

        // Both screens the journey ends on, loaded again at the other sizes.
        for (const other of OTHER_SIZES) {
          for (const [who, screen] of [
            ['gm', page],
            ['player', player],
          ] as const) {
            await screen.setViewportSize({ width: other.width, height: other.height });
            await screen.reload();
            await expect(screen.getByRole('listitem', { name: 'Session 1: Out of Greywater at dawn' })).toBeVisible();
            await expectNoHorizontalOverflow(screen);
            if (other.width <= 1024) await expectTapTargets(screen);
            await keepScreenshot(screen, testInfo, other, `sessions-${who}-${js ? 'js' : 'nojs'}`);
          }
        }
        await player.context().close();
      });
    }

    test("a failed proposal shows on its own session's card, not on every card", async ({ page, user }) => {
      const campaignId = await campaignByApi(page.request, user.token, uniqueName('Two sessions '));
      const sessions: string[] = [];
      for (const title of ['Out of Greywater', 'The Sunless Vault']) {
        const made = await page.request.post(`/api/campaigns/${campaignId}/sessions`, { headers: auth(user.token), data: { title, notes: NOTES } });
        expect(made.status()).toBe(201);
        sessions.push(((await made.json()) as { id: string }).id);
      }
      await page.goto(`/campaigns/${campaignId}/sessions`);
      if (js) await pageIsLive(page);
      // Meanwhile the notes of session 1 are cleared elsewhere (another tab, a script): proposing from it now fails.
      const cleared = await page.request.patch(`/api/campaigns/${campaignId}/sessions/${sessions[0]}`, { headers: auth(user.token), data: { notes: '' } });
      expect(cleared.status()).toBe(200);
      await page.getByRole('button', { name: 'Propose timeline events from session 1' }).click();
      const first = page.getByRole('listitem', { name: 'Session 1: Out of Greywater' });
      await expect(first.getByRole('alert')).toHaveText('Session 1 has no notes to read yet: write or upload them first');
      await expect(page.getByRole('listitem', { name: 'Session 2: The Sunless Vault' }).getByRole('alert')).toHaveCount(0);
    });
  });
}
