import { expect, signIn, test, uniqueName } from './fixtures';

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, js: true },
  { name: 'phone', viewport: { width: 390, height: 844 }, js: false },
  { name: 'tablet', viewport: { width: 768, height: 1024 }, js: true },
];

for (const size of SIZES) {
  test.describe(`campaign export and import on a ${size.name}, JavaScript ${size.js ? 'on' : 'off'}`, () => {
    test.use({ viewport: size.viewport, javaScriptEnabled: size.js });

    test('exports a campaign from its card and imports the archive as a new campaign', async ({ page }, testInfo) => {
      const { token } = await signIn(page);
      const name = uniqueName('Heist ');
      const created = await page.request.post('/api/campaigns', { data: { name, description: 'Exported and back' }, headers: { authorization: `Bearer ${token}` } });
      expect(created.status()).toBe(201);
      await page.goto('/dashboard?tab=campaigns');
      const card = page.getByTestId('campaign-card').filter({ hasText: name });
      const downloading = page.waitForEvent('download');
      await card.getByRole('link', { name: `Export ${name}` }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`${name}.tomekeeper.zip`);
      const file = testInfo.outputPath('campaign.zip');
      await download.saveAs(file);

      await page.getByRole('link', { name: 'Import Campaign' }).click();
      await expect(page).toHaveURL(/\/campaigns\/import$/);
      const form = page.getByRole('form', { name: 'Import a campaign' });
      await form.getByLabel(/Campaign archive/).setInputFiles(file);
      await form.getByRole('button', { name: 'Import campaign' }).click();
      await expect(page).toHaveURL(/\/dashboard\?tab=campaigns&imported=/);
      await expect(page.getByRole('status').filter({ hasText: `Imported “${name}”` })).toBeVisible();
      await expect(page.getByTestId('campaign-card').filter({ hasText: name })).toHaveCount(2);
    });

    test('names the problem with an archive that is not one', async ({ page }) => {
      await signIn(page);
      await page.goto('/campaigns/import');
      const form = page.getByRole('form', { name: 'Import a campaign' });
      await form.getByLabel(/Campaign archive/).setInputFiles({ name: 'notes.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip at all') });
      await form.getByRole('button', { name: 'Import campaign' }).click();
      await expect(page.getByRole('alert')).toContainText('not a zip archive');
    });
  });
}
