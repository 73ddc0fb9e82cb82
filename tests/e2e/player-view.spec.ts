import type { APIRequestContext } from '@playwright/test';
import { expect, playerPage, registerThroughInvite, test, uniqueName } from './fixtures';

const LORE = `# Greywater

Harbourmaster Wenna Corlis keeps the docks of Greywater.

:::gm
The Pale Lantern pays Magistrate Hollis Quenby to look away.
:::

The Salt Guild smuggles through the fog.
`;
const SECRETS = `# GM notes

The Drowned Chapel meeting happens on the new moon.
`;

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function upload(request: APIRequestContext, token: string, datasetId: string, name: string, text: string) {
  const response = await request.post(`/api/datasets/${datasetId}/documents`, {
    headers: auth(token),
    multipart: { file: { name, mimeType: 'text/markdown', buffer: Buffer.from(text) } },
  });
  expect(response.status()).toBe(202);
  const { job_id: jobId, document_id: documentId } = (await response.json()) as { job_id: string; document_id: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/jobs/${jobId}/status`, { headers: auth(token) })).json()) as { status: string }).status, {
      timeout: 60_000,
    })
    .toBe('completed');
  return documentId;
}

/** A campaign whose tome holds a shown document with a `:::gm` block and a GM-only one, and two timeline events. */
async function seedCampaign(request: APIRequestContext, token: string) {
  const datasetId = ((await (await request.post('/api/datasets', { headers: auth(token), data: { name: uniqueName('Ember ') } })).json()) as { id: string }).id;
  const lore = await upload(request, token, datasetId, 'greywater.md', LORE);
  const secrets = await upload(request, token, datasetId, 'gm-notes.md', SECRETS);
  expect((await request.put(`/api/datasets/${datasetId}/documents/${lore}/visibility`, { headers: auth(token), data: { player_visible: true } })).status()).toBe(
    200,
  );
  const campaignId = ((await (await request.post('/api/campaigns', { headers: auth(token), data: { name: uniqueName('Crown ') } })).json()) as { id: string }).id;
  await request.post(`/api/campaigns/${campaignId}/datasets`, { headers: auth(token), data: { dataset_id: datasetId } });
  const event = (title: string, player_visible: boolean) =>
    request.post(`/api/campaigns/${campaignId}/timeline/events`, {
      headers: auth(token),
      data: { title, date: '2026-03-14', event_type: 'player_party', player_visible },
    });
  await event('Ambush in Greywater', true);
  await event('The Drowned Chapel meeting is set', false);
  return { datasetId, lore, secrets, campaignId };
}

test.describe('the campaign as players see it, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test.describe.configure({ timeout: 150_000 });

  test('the GM sees GM-only material marked, and viewing as a player shows none of it', async ({ page, user, context, baseURL }) => {
    const { datasetId, lore, secrets, campaignId } = await seedCampaign(page.request, user.token);

    await page.goto(`/play/${campaignId}`);
    const list = page.getByTestId('play-documents');
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').filter({ hasText: 'gm-notes.md' }).getByText('GM only')).toBeVisible();
    await expect(list.getByRole('listitem').filter({ hasText: 'greywater.md' }).getByText('Visible to players · has GM-only parts')).toBeVisible();
    await page.goto(`/play/${campaignId}?document=${lore}`);
    await expect(page.getByTestId('gm-block')).toContainText('Quenby');
    await expect(page.getByTestId('document-content')).not.toContainText(':::');
    await page.goto(`/play/${campaignId}?view=timeline`);
    await expect(page.getByTestId('play-events').getByRole('listitem')).toHaveCount(2);

    // The view-as-player switch (a cookie the seats screens set) shows exactly the players' view.
    await context.addCookies([{ name: 'tk_view_as', value: 'player', url: baseURL! }]);
    await page.goto(`/play/${campaignId}`);
    await expect(page.getByText('Viewing as a player')).toBeVisible();
    await expect(page.getByTestId('play-documents').getByRole('listitem')).toHaveCount(1);
    await expect(page.locator('main')).not.toContainText('gm-notes.md');
    await expect(page.locator('main')).not.toContainText('GM only');

    await page.goto(`/play/${campaignId}?document=${lore}`);
    await expect(page.getByTestId('document-content')).toContainText('Wenna Corlis');
    await expect(page.locator('main')).not.toContainText('Quenby');
    await expect(page.locator('main')).not.toContainText(':::');
    await expect(page.getByTestId('gm-block')).toHaveCount(0);
    await page.getByLabel('Question').fill('Who does the Pale Lantern pay?');
    await page.getByRole('button', { name: 'Ask' }).click();
    await expect(page.getByTestId('document-conversation').getByRole('listitem')).toHaveCount(2);
    await expect(page.getByTestId('document-conversation')).not.toContainText('Quenby');

    expect((await page.goto(`/play/${campaignId}?document=${secrets}`))!.status()).toBe(404);
    await page.goto(`/play/${campaignId}?view=timeline`);
    await expect(page.getByTestId('play-events').getByRole('listitem')).toHaveCount(1);
    await expect(page.locator('main')).not.toContainText('Drowned Chapel');

    // Manage Documents' plain form shows the notes to players.
    await context.clearCookies({ name: 'tk_view_as' });
    await page.goto(`/dashboard?tab=datasets&manage=${datasetId}`);
    const row = page.getByTestId('document-row').filter({ hasText: 'gm-notes.md' });
    await expect(row.getByText('GM only')).toBeVisible();
    await row.getByRole('button', { name: 'Show gm-notes.md to players' }).click();
    await expect(page.getByTestId('document-row').filter({ hasText: 'gm-notes.md' }).getByText('Visible to players')).toBeVisible();
  });

  test('someone without a seat gets 404 on the campaign', async ({ page, user, browser }) => {
    const { campaignId } = await seedCampaign(page.request, user.token);
    expect((await page.goto(`/play/${campaignId}`))!.status()).toBe(200);
    const stranger = await browser.newContext({ javaScriptEnabled: false, baseURL: new URL(page.url()).origin });
    const strangerPage = await stranger.newPage();
    const { signIn } = await import('./fixtures');
    await signIn(strangerPage);
    expect((await strangerPage.goto(`/play/${campaignId}`))!.status()).toBe(404);
    expect((await strangerPage.goto(`/play/not-a-campaign`))!.status()).toBe(404);
    await stranger.close();
  });
});

test.describe('a player at the table, with JavaScript', () => {
  test.describe.configure({ timeout: 180_000 });

  test('joins with an invite, asks the assistant and browses, and meets none of the GM’s secrets', async ({ page, user, browser, baseURL }) => {
    const { lore, secrets, campaignId } = await seedCampaign(page.request, user.token);
    const invite = await page.request.post(`/api/campaigns/${campaignId}/invites`, { headers: auth(user.token), data: { uses: 1 } });
    expect(invite.status()).toBe(201);
    const { link } = (await invite.json()) as { link: string };

    // A new person registers with the GM's link and finds the campaign on the dashboard.
    const player = await playerPage(browser, baseURL!, true);
    await registerThroughInvite(player, link, uniqueName('player'));
    await expect(player).toHaveURL(/\/dashboard\?joined=/);
    await player.getByRole('link', { name: 'Open in Assistant' }).first().click();
    await expect(player).toHaveURL(new RegExp(`/assistant\\?campaign=${campaignId}`));
    await expect(player.getByRole('tab', { name: /Create Content/ })).toHaveCount(0);

    // What the GM shows is answered; what the GM hides is not, whatever the wording.
    const question = player.getByLabel('Your question');
    const answers = player.getByTestId('chat-message').filter({ has: player.getByTestId('chat-engine') });
    await expect(question).toBeEditable();
    await question.fill('Who keeps the docks of Greywater?');
    await question.press('Enter');
    await expect(answers.last()).toContainText('Wenna Corlis');
    for (const wording of ['Who pays Hollis Quenby?', 'Is the magistrate bribed by the Pale Lantern?', 'Where is the Drowned Chapel meeting?']) {
      const before = await answers.count();
      await question.fill(wording);
      await question.press('Enter');
      await expect(answers).toHaveCount(before + 1);
    }
    const chat = player.getByTestId('chat-messages');
    await expect(chat).not.toContainText('look away');
    await expect(chat).not.toContainText('new moon');
    await expect(chat).not.toContainText('gm-notes.md');

    // Browsing: the shown document without its GM block, the shown event only, no hidden id.
    await player.goto(`/play/${campaignId}`);
    await expect(player.getByTestId('play-documents').getByRole('listitem')).toHaveCount(1);
    await player.goto(`/play/${campaignId}?document=${lore}`);
    await expect(player.getByTestId('document-content')).toContainText('Wenna Corlis');
    await expect(player.locator('main')).not.toContainText('Quenby');
    await player.goto(`/play/${campaignId}?view=timeline`);
    await expect(player.getByTestId('play-events').getByRole('listitem')).toHaveCount(1);
    await expect(player.locator('main')).not.toContainText('Drowned Chapel');
    const hidden = await player.goto(`/play/${campaignId}?document=${secrets}`);
    expect(hidden?.status()).toBe(404);
    await player.context().close();
  });
});
