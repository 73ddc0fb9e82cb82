import type { APIRequestContext, Page } from '@playwright/test';
import { expect, inviteCode, PASSWORD, playerPage, registerThroughInvite, test, uniqueName } from './fixtures';
import { expectNoHorizontalOverflow, expectTapTargets, keepScreenshot, SIZES } from './layout-checks';

/**
 * Campaign seats (issue #14): a GM invites, a new player registers with the invite link, finds
 * the campaign on their dashboard and reaches its screens; the GM sees them and removes them;
 * the view-as-player switch; GM-only page actions answer 404 to players. With and without
 * JavaScript, since every screen must work both ways.
 */
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function createCampaignByApi(request: APIRequestContext, token: string, name: string) {
  const response = await request.post('/api/campaigns', { headers: auth(token), data: { name } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function inviteByApi(request: APIRequestContext, token: string, campaignId: string, body: object = {}) {
  const response = await request.post(`/api/campaigns/${campaignId}/invites`, { headers: auth(token), data: body });
  expect(response.status()).toBe(201);
  return (await response.json()) as { code: string; link: string; invite: { id: string } };
}

for (const js of [true, false]) {
  test.describe(js ? 'seats with JavaScript' : 'seats without JavaScript', () => {
    test.use({ javaScriptEnabled: js });

    test('a player joins with an invite link, finds the campaign and reaches its screens; the GM sees and removes them', async ({
      page,
      user,
      browser,
      baseURL,
    }) => {
      const campaignName = uniqueName('The Ember Crown ');
      const campaignId = await createCampaignByApi(page.request, user.token, campaignName);

      // The GM creates an invite on the Players screen, reached from the campaign card.
      await page.goto('/dashboard?tab=campaigns');
      await page.getByRole('link', { name: `Players of ${campaignName}` }).click();
      await expect(page.getByRole('heading', { name: 'Players', level: 1 })).toBeVisible();
      await page.getByLabel('Uses').selectOption('2');
      await page.getByLabel('Note (for you)').fill('Thursday group');
      await page.getByRole('button', { name: 'Create invite' }).click();
      const link = await page.getByTestId('invite-link').inputValue();
      expect(link).toMatch(/\/join\/SEAT-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/);

      // A person without an account opens the link and registers with it.
      const player = await playerPage(browser, baseURL!, js);
      const playerName = uniqueName('player');
      await registerThroughInvite(player, link, playerName);
      await expect(player).toHaveURL(/\/dashboard\?joined=/);
      await expect(player.getByText(`You joined ${campaignName}.`)).toBeVisible();
      const seat = player.getByRole('article', { name: campaignName });
      await expect(seat).toContainText(`GM: ${user.username}`);

      // The player's own notes: private, kept per campaign.
      await seat.getByRole('link', { name: 'My notes' }).click();
      await expect(player.getByRole('heading', { name: 'My notes' })).toBeVisible();
      await player.getByLabel('Title').fill('Suspects');
      await player.getByRole('textbox', { name: 'Note', exact: true }).fill('Hollis Quenby is hiding something.');
      await player.getByRole('button', { name: 'Save note' }).click();
      await expect(player.getByRole('article', { name: 'Suspects' })).toContainText('Hollis Quenby is hiding something.');

      // The campaign's other screens open for the player from the seat card.
      await player.goto('/dashboard?tab=campaigns');
      await expect(player.getByRole('article', { name: campaignName }).getByRole('link', { name: 'Open in Assistant' })).toHaveAttribute(
        'href',
        `/assistant?campaign=${campaignId}`,
      );
      // Asking and browsing what the GM shows: player-view.spec.ts walks a player through it.

      // The GM's screen is the GM's: the player gets "Page not found".
      const gmScreen = await player.goto(`/campaigns/${campaignId}/players`);
      expect(gmScreen?.status()).toBe(404);
      await expect(player.getByRole('heading', { name: 'Page not found' })).toBeVisible();

      // The GM sees who joined, and the note stays the player's.
      await page.goto(`/campaigns/${campaignId}/players`);
      const row = page.getByTestId('member-row').filter({ hasText: playerName });
      await expect(row).toBeVisible();
      await expect(page.getByTestId('invite-row').first()).toContainText('1/2 used');
      await page.goto(`/campaigns/${campaignId}/notes`);
      await expect(page.getByText('No notes yet.')).toBeVisible();

      // Removing the player ends their access on their next request.
      await page.goto(`/campaigns/${campaignId}/players`);
      await page.getByRole('button', { name: `Remove ${playerName}` }).click();
      await expect(page.getByText('Player removed: their access to the campaign has ended.')).toBeVisible();
      await expect(page.getByTestId('member-row')).toHaveCount(0);
      const after = await player.goto(`/campaigns/${campaignId}/notes`);
      expect(after?.status()).toBe(404);
      await player.goto('/dashboard?tab=campaigns');
      await expect(player.getByRole('article', { name: campaignName })).toHaveCount(0);
      await player.context().close();
    });

    test('a signed-in user joins from the link; used and revoked invites say why', async ({ page, user, browser, baseURL }) => {
      const gmName = uniqueName('gm');
      const gm = await playerPage(browser, baseURL!, js);
      const registered = await gm.request.post('/api/auth/register', {
        data: { username: gmName, email: `${gmName}@example.com`, password: PASSWORD, registration_code: await inviteCode() },
      });
      const gmToken = ((await registered.json()) as { token: string }).token;
      const campaignName = uniqueName('Salt and Iron ');
      const campaignId = await createCampaignByApi(gm.request, gmToken, campaignName);
      const single = await inviteByApi(gm.request, gmToken, campaignId, { uses: 1 });
      const revoked = await inviteByApi(gm.request, gmToken, campaignId, { uses: 3 });
      await gm.request.delete(`/api/campaigns/${campaignId}/invites/${revoked.invite.id}`, { headers: auth(gmToken) });

      // `user` (this page's account) runs no campaign of its own here and joins as a player.
      void user;
      await page.goto(single.link);
      await expect(page.getByTestId('join-campaign-name')).toHaveText(campaignName);
      await page.getByRole('button', { name: `Join ${campaignName}` }).click();
      await expect(page.getByText(`You joined ${campaignName}.`)).toBeVisible();

      // The link is used up now: another visitor is told so, with a 410.
      const other = await playerPage(browser, baseURL!, js);
      const used = await other.goto(single.link);
      expect(used?.status()).toBe(410);
      await expect(other.getByText('This invite has already been used. Ask your GM for a new one.')).toBeVisible();
      const gone = await other.goto(revoked.link);
      expect(gone?.status()).toBe(410);
      await expect(other.getByText('This invite was revoked by the GM. Ask your GM for a new one.')).toBeVisible();
      const unknown = await other.goto('/join/SEAT-AAAAA-BBBBB-CCCCC');
      expect(unknown?.status()).toBe(404);
      await expect(other.getByText('Invite not found. Check the code or ask your GM for a new one.')).toBeVisible();
      // Typing a code on /join leads to its page.
      await other.goto('/join');
      await other.getByLabel('Invite code').fill(revoked.code);
      await other.getByRole('button', { name: 'Continue' }).click();
      await expect(other.getByText('This invite was revoked by the GM.')).toBeVisible();
      await other.context().close();
      await gm.context().close();
    });

    test('the GM sets the campaign budget and the player sees where it stands', async ({ page, user, browser, baseURL }) => {
      const campaignName = uniqueName('Budgeted ');
      const campaignId = await createCampaignByApi(page.request, user.token, campaignName);
      const { link } = await inviteByApi(page.request, user.token, campaignId);
      const player = await playerPage(browser, baseURL!, js);
      await registerThroughInvite(player, link, uniqueName('player'));
      await expect(player.getByRole('article', { name: campaignName })).toBeVisible();
      await expect(player.getByRole('article', { name: campaignName }).getByTestId('campaign-budget-notice')).toHaveCount(0);

      await page.goto(`/campaigns/${campaignId}/players`);
      await page.getByLabel('Monthly budget (USD)').fill('0');
      await page.getByRole('button', { name: 'Save budget' }).click();
      await expect(page.getByText('Campaign budget saved.')).toBeVisible();
      const stop = "This campaign's AI budget for the month is used up ($0.00 of $0.00).";
      await expect(page.getByTestId('campaign-budget-notice')).toContainText(stop);
      await player.goto('/dashboard?tab=campaigns');
      await expect(player.getByRole('article', { name: campaignName }).getByTestId('campaign-budget-notice')).toContainText(stop);
      await player.goto(`/campaigns/${campaignId}/notes`);
      await expect(player.getByTestId('campaign-budget-notice')).toContainText(stop);
      await player.context().close();
    });

    test('the GM views a campaign screen as a player and back', async ({ page, user }) => {
      const campaignName = uniqueName('Lantern Watch ');
      const campaignId = await createCampaignByApi(page.request, user.token, campaignName);
      await page.goto(`/campaigns/${campaignId}/players`);
      await page.getByRole('button', { name: 'View as player' }).click();
      await expect(page.getByTestId('view-as-bar')).toContainText('Viewing as a player.');
      await expect(page.getByText('Players cannot open this screen')).toBeVisible();
      // Other screens say so too, until the GM switches back.
      await page.goto('/dashboard');
      await expect(page.getByTestId('view-as-bar')).toContainText('Viewing as a player.');
      await page.goto(`/campaigns/${campaignId}/players`);
      await page.getByRole('button', { name: 'Back to GM view' }).click();
      await expect(page.getByRole('heading', { name: 'Who joined' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'View as player' })).toBeVisible();
    });
  });
}

test('a player posting to the GM’s page actions gets 404 and changes nothing', async ({ page, user, browser, baseURL }) => {
  const campaignId = await createCampaignByApi(page.request, user.token, uniqueName('Drowned Chapel '));
  const invite = await inviteByApi(page.request, user.token, campaignId, { uses: 2 });
  const revocable = await inviteByApi(page.request, user.token, campaignId);
  const player = await playerPage(browser, baseURL!, true);
  await registerThroughInvite(player, invite.link, uniqueName('player'));
  await expect(player).toHaveURL(/joined=/);
  const members = async () =>
    (await page.request.get(`/api/campaigns/${campaignId}/members`, { headers: auth(user.token) })).json() as Promise<{ user_id: string }[]>;
  const [seated] = await members();

  const posts: Record<string, string>[] = [
    { intent: 'create-invite', uses: '5' },
    { intent: 'revoke-invite', invite_id: revocable.invite.id },
    { intent: 'remove-player', user_id: seated!.user_id },
    { intent: 'set-budget', monthly_budget_usd: '0' },
  ];
  for (const form of posts) {
    const response = await player.request.post(`/campaigns/${campaignId}/players`, { form, headers: { origin: baseURL! }, maxRedirects: 0 });
    expect(response.status(), form.intent).toBe(404);
  }
  // Another campaign of the same GM, where the player has no seat: its screens and actions are 404.
  const elsewhere = await createCampaignByApi(page.request, user.token, uniqueName('No seat here '));
  for (const path of ['notes', 'players']) {
    expect((await player.goto(`/campaigns/${elsewhere}/${path}`))?.status(), `GET ${path}`).toBe(404);
  }
  expect(
    (
      await player.request.post(`/campaigns/${elsewhere}/notes`, { form: { intent: 'create-note', title: 'x' }, headers: { origin: baseURL! }, maxRedirects: 0 })
    ).status(),
  ).toBe(404);
  expect((await player.request.post(`/campaigns/${elsewhere}/leave`, { form: {}, headers: { origin: baseURL! }, maxRedirects: 0 })).status()).toBe(404);
  // Forged and foreign ids on the notes page, too.
  expect(
    (
      await player.request.post('/campaigns/not-a-uuid/notes', { form: { intent: 'create-note', title: 'x' }, headers: { origin: baseURL! }, maxRedirects: 0 })
    ).status(),
  ).toBe(404);
  expect(
    (
      await player.request.post(`/campaigns/${campaignId}/notes`, {
        form: { intent: 'delete-note', note_id: revocable.invite.id },
        headers: { origin: baseURL! },
        maxRedirects: 0,
      })
    ).status(),
  ).toBe(404);

  expect(await members()).toHaveLength(1);
  const invites = (await (await page.request.get(`/api/campaigns/${campaignId}/invites`, { headers: auth(user.token) })).json()) as { status: string }[];
  expect(invites).toHaveLength(2);
  expect(invites.every((i) => i.status === 'active')).toBe(true);
  const budget = (await (await page.request.get(`/api/campaigns/${campaignId}/budget`, { headers: auth(user.token) })).json()) as { budget: number | null };
  expect(budget.budget).toBeNull();
  await player.context().close();
});

test('seat screens fit at 390x844 and 1280x720', async ({ page, user, browser, baseURL }, testInfo) => {
  // One campaign and one seated player, both screens resized in place (ADR 0363).
  const campaignId = await createCampaignByApi(page.request, user.token, uniqueName('A campaign with a rather long name '));
  const invite = await inviteByApi(page.request, user.token, campaignId, { uses: 3, note: 'The Thursday group at the lighthouse' });
  const player = await playerPage(browser, baseURL!, true);
  await registerThroughInvite(player, invite.link, uniqueName('player'));
  await expect(player).toHaveURL(/joined=/);

  for (const size of SIZES.filter((s) => s.width === 390 || s.width === 1280)) {
    await test.step(`${size.width}x${size.height}`, async () => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await player.setViewportSize({ width: size.width, height: size.height });
      await page.goto(`/campaigns/${campaignId}/players`);
      await page.getByRole('button', { name: 'Create invite' }).click();
      await expect(page.getByTestId('invite-link')).toBeVisible();
      const screens: [Page, string][] = [
        [page, 'players'],
        [player, 'dashboard'],
        [player, 'notes'],
        [player, 'join'],
      ];
      for (const [who, name] of screens) {
        if (name === 'dashboard') await who.goto('/dashboard?tab=campaigns');
        if (name === 'notes') await who.goto(`/campaigns/${campaignId}/notes`);
        if (name === 'join') await who.goto('/join');
        await expectNoHorizontalOverflow(who);
        if (size.width <= 1024) await expectTapTargets(who);
        await keepScreenshot(who, testInfo, size, `seats-${name}`);
      }
    });
  }
  await player.context().close();
});

test('seat page actions answer malformed forms with a redirect or a 4xx, never a 5xx', async ({ page, user, playwright, baseURL }) => {
  // 1,220 posts: about 25 s alone, a minute or more beside the other browser on a loaded machine.
  test.setTimeout(300_000);
  const campaignId = await createCampaignByApi(page.request, user.token, uniqueName('Fuzzed '));
  const { code } = await inviteByApi(page.request, user.token, campaignId);
  const actions = [
    '/join',
    `/join/${code}`,
    '/join/not-a-code',
    '/view-as',
    `/campaigns/${campaignId}/players`,
    `/campaigns/${campaignId}/notes`,
    `/campaigns/${campaignId}/leave`,
    '/campaigns/not-a-uuid/players',
    `/play/${campaignId}`,
    '/play/not-a-uuid',
  ];
  const intents = [
    '',
    'ask-document',
    'find',
    'join',
    'create-invite',
    'revoke-invite',
    'remove-player',
    'set-budget',
    'create-note',
    'update-note',
    'delete-note',
    'nonsense',
  ];
  const fields = [
    'document_id',
    'query',
    'conversation_id',
    'code',
    'uses',
    'expires_in_days',
    'note',
    'invite_id',
    'user_id',
    'monthly_budget_usd',
    'note_id',
    'title',
    'body',
    'mode',
    'redirectTo',
  ];
  const bodies = intents.flatMap((intent) =>
    ['a%00b', '%ED%A0%80%FF', 'not-a-uuid', '-1e309', 'x'.repeat(5000)].map((value) => `intent=${intent}&${fields.map((f) => `${f}=${value}`).join('&')}`),
  );
  const anonymous = await playwright.request.newContext({ baseURL });
  const failures: string[] = [];
  try {
    for (const [who, request] of [
      ['signed in', page.request],
      ['anonymous', anonymous],
    ] as const) {
      for (const action of actions) {
        for (const body of [...bodies, 'intent=create-note&intent=delete-note&title=a&title=b']) {
          const response = await request.post(action, {
            data: body,
            headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseURL! },
            maxRedirects: 0,
            failOnStatusCode: false,
          });
          if (response.status() >= 500) failures.push(`${who} POST ${action} [${body.slice(0, 40)}] -> ${response.status()}`);
        }
      }
    }
  } finally {
    await anonymous.dispose();
  }
  expect(failures).toEqual([]);
  // The invite took no use from all that.
  const invites = (await (await page.request.get(`/api/campaigns/${campaignId}/invites`, { headers: auth(user.token) })).json()) as { uses: number }[];
  expect(invites.find((i) => i.uses > 0)).toBeUndefined();
});
