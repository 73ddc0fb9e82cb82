import { expect, test, uniqueName } from './fixtures';
import { atEachScreen, auth, seedTome } from './tome-seed';

/** Issue 34, item 4: rough edges a GM meets at the table, each checked at phone, tablet and desktop sizes. */

test.describe('rough edges at phone, tablet and desktop sizes', () => {
  test('the Metadata modal has one save, and it keeps a changed name with the tags', async ({ page, user }) => {
    await atEachScreen(page, async () => {
      const name = uniqueName('Harbour notes ');
      expect((await page.request.post('/api/datasets', { headers: auth(user.token), data: { name } })).status()).toBe(201);
      await page.goto('/dashboard?tab=datasets');
      await page.getByRole('article', { name }).getByRole('link', { name: 'Metadata' }).click();
      const modal = page.getByRole('dialog', { name: `Metadata: ${name}` });
      await expect(modal.getByRole('button', { name: /^Save/ })).toHaveCount(1);
      const renamed = uniqueName('Saltmarsh ledger ');
      await modal.getByLabel('Name').fill(renamed);
      await modal.getByLabel('Tags').fill('smugglers, tide');
      await modal.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Metadata updated successfully')).toBeVisible();
      const card = page.getByRole('article', { name: renamed });
      await expect(card).toBeVisible();
      await expect(card.locator('.tag')).toHaveText(['smugglers', 'tide']);
    });
  });

  test('"Visible to players" is a styled box a finger can hit, and its label checks it', async ({ page, user }) => {
    const campaign = await page.request.post('/api/campaigns', { headers: auth(user.token), data: { name: uniqueName('Tide ') } });
    const campaignId = ((await campaign.json()) as { id: string }).id;
    await atEachScreen(page, async () => {
      await page.goto(`/timeline?campaign=${campaignId}`);
      await expect(page.getByRole('form', { name: 'Timeline view' }).getByRole('button', { name: 'Show' })).toBeHidden();
      await page.getByRole('link', { name: '+ Add Event' }).click();
      const modal = page.getByTestId('event-modal');
      const box = modal.getByRole('checkbox', { name: /Visible to players/ });
      await expect(box).toBeVisible();
      const size = (await box.boundingBox())!;
      expect(size.width).toBeGreaterThanOrEqual(24);
      expect(size.height).toBeGreaterThanOrEqual(24);
      expect(await box.evaluate((element) => getComputedStyle(element).appearance)).toBe('none');
      await modal.getByText('(unchecked: only you, the GM, see this event)').click();
      await expect(box).toBeChecked();
    });
  });

  test('an invite shown only once has Copy buttons that copy it', async ({ page, user, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await atEachScreen(page, async () => {
      const campaign = await page.request.post('/api/campaigns', { headers: auth(user.token), data: { name: uniqueName('Copy ') } });
      const campaignId = ((await campaign.json()) as { id: string }).id;
      await page.goto(`/campaigns/${campaignId}/players`);
      await page.getByRole('button', { name: 'Create invite' }).click();
      const link = await page.getByTestId('invite-link').inputValue();
      await page.getByRole('button', { name: 'Copy link' }).click();
      await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      const code = await page.getByTestId('invite-code').inputValue();
      await page.getByRole('button', { name: 'Copy code' }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    });
  });
});

test.describe('rough edges without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the invite is a selectable field, and the one Metadata save keeps every field', async ({ page, user }) => {
    const campaign = await page.request.post('/api/campaigns', { headers: auth(user.token), data: { name: uniqueName('Plain ') } });
    const campaignId = ((await campaign.json()) as { id: string }).id;
    await page.goto(`/campaigns/${campaignId}/players`);
    await page.getByRole('button', { name: 'Create invite' }).click();
    const field = page.getByTestId('invite-link');
    await expect(field).toHaveAttribute('readonly', '');
    await field.selectText();
    expect(await field.evaluate((input: HTMLInputElement) => input.value.slice(input.selectionStart!, input.selectionEnd!))).toMatch(/\/join\/SEAT-/);

    const name = uniqueName('Plain tome ');
    expect((await page.request.post('/api/datasets', { headers: auth(user.token), data: { name } })).status()).toBe(201);
    await page.goto('/dashboard?tab=datasets');
    await page.getByRole('article', { name }).getByRole('link', { name: 'Metadata' }).click();
    const region = page.getByRole('region', { name: `Metadata: ${name}` });
    const renamed = uniqueName('Plain ledger ');
    await region.getByLabel('Name').fill(renamed);
    await region.getByLabel('Tags').fill('heist');
    await region.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('article', { name: renamed }).locator('.tag')).toHaveText(['heist']);
  });
});

test.describe('labels and tabs at phone, tablet and desktop sizes', () => {
  test('a homebrew lore tome is not labelled Official D&D or Rules by itself', async ({ page, user }) => {
    const name = uniqueName('Homebrew lore of Aerth ');
    const created = await page.request.post('/api/datasets', {
      headers: auth(user.token),
      data: { name, description: 'Our D&D world: its gods, and the rules of its magic' },
    });
    expect(created.status()).toBe(201);
    await atEachScreen(page, async () => {
      await page.goto('/dashboard?tab=datasets');
      const card = page.getByRole('article', { name });
      await expect(card.getByText('Lore', { exact: true })).toBeVisible();
      await expect(card.getByText('Official D&D')).toHaveCount(0);
      await expect(card.getByText('Rules', { exact: true })).toHaveCount(0);
    });
  });

  test('a document preview shows words, not Markdown marks or front matter', async ({ page, user }) => {
    const saved = '---\ntitle: Combat notes\ntype: rules\n---\n\nCombat\n======\n\n**Initiative** is rolled once per encounter.\n';
    const { datasetId } = await seedTome(page.request, user.token, { 'combat-notes.md': saved });
    await atEachScreen(page, async () => {
      await page.goto(`/dashboard?tab=datasets&manage=${datasetId}`);
      const preview = page.getByTestId('document-row').filter({ hasText: 'combat-notes.md' }).locator('.document-preview');
      await expect(preview).toHaveText('Combat Initiative is rolled once per encounter.');
    });
  });

  test('every content type tab is in view, none cut off', async ({ page, user }) => {
    const { datasetId } = await seedTome(page.request, user.token, { 'notes.md': '# Notes\n\nThe harbour of Greywater.\n' });
    const campaign = await page.request.post('/api/campaigns', { headers: auth(user.token), data: { name: uniqueName('Workshop ') } });
    const campaignId = ((await campaign.json()) as { id: string }).id;
    await page.request.post(`/api/campaigns/${campaignId}/datasets`, { headers: auth(user.token), data: { dataset_id: datasetId } });
    await atEachScreen(page, async () => {
      await page.goto(`/content?campaign=${campaignId}`);
      const tabs = page.getByRole('radiogroup', { name: 'Content type' });
      await expect(tabs).toBeVisible();
      const width = page.viewportSize()!.width;
      const radios = tabs.locator('.tab');
      expect(await radios.count()).toBeGreaterThanOrEqual(4);
      for (const tab of await radios.all()) {
        const box = (await tab.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      expect(await tabs.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    });
  });
});
