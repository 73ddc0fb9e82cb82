import type { Locator, Page } from '@playwright/test';
import { SRD_MONSTERS } from '../../server/domain/content/test-fixtures';
import { expect, test } from './fixtures';
import { auth, SCREENS, seedTome } from './tome-seed';

/**
 * The save-content preview: the file name reads whole (it wraps), and Accept and Reject are in
 * view as the dialog opens, however long the document: the preview scrolls inside the dialog.
 */
const LONG_NAME = 'The_drowned_knight_of_the_Ember_Crown_who_guards_the_lighthouse_of_Saltmere';

/** In the viewport, and the element a tap at its centre reaches. */
async function inViewAndOnTop(page: Page, locator: Locator) {
  const box = (await locator.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y, 'top in view').toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, 'bottom in view').toBeLessThanOrEqual(viewport.height);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  const reached = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return top !== null && element.contains(top);
  });
  expect(reached, 'nothing covers it').toBe(true);
}

/** Every character of the element's text is drawn inside the dialog: nothing clipped or scrolled away sideways. */
async function readsWhole(dialog: Locator, locator: Locator) {
  const dialogBox = (await dialog.boundingBox())!;
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(dialogBox.x);
  expect(box.x + box.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
  expect(await locator.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
}

test.describe('the save-content preview', () => {
  for (const screen of SCREENS) {
    test(`${screen.name}: the file name reads whole and Accept and Reject are in view without scrolling`, async ({ page, user }) => {
      await page.setViewportSize(screen.viewport);
      const { datasetId } = await seedTome(page.request, user.token, { 'srd-monsters.md': SRD_MONSTERS });
      const campaign = await page.request.post('/api/campaigns', { headers: auth(user.token), data: { name: 'Saltmere' } });
      const campaignId = ((await campaign.json()) as { id: string }).id;
      await page.request.post(`/api/campaigns/${campaignId}/datasets`, { headers: auth(user.token), data: { dataset_id: datasetId } });

      await page.goto(`/content?campaign=${campaignId}`);
      await page.getByLabel('Describe what you want to create').fill('A drowned knight who guards the Ember Crown beneath the lighthouse');
      await page.getByRole('button', { name: 'Generate' }).click();
      await expect(page.getByTestId('content-box')).toContainText('Offline draft.', { timeout: 30_000 });

      await page.getByRole('button', { name: 'Add to Tomes' }).click();
      const dialog = page.getByRole('dialog', { name: 'Preview Markdown' });
      await expect(dialog.getByLabel('Filename')).toBeFocused();
      await dialog.getByLabel('Filename').fill(LONG_NAME);
      await expect(dialog.getByTestId('save-as')).toContainText(`${LONG_NAME}.md`);
      await page.screenshot({ path: test.info().outputPath(`save-preview-${screen.name}.png`) });

      // The name as it will be saved, and as typed, both whole.
      await readsWhole(dialog, dialog.getByTestId('save-as').locator('strong'));
      const field = dialog.getByLabel('Filename');
      await readsWhole(dialog, field);
      await expect(field).toHaveValue(LONG_NAME);

      // The buttons are in view as the dialog opened, and the preview scrolls inside it.
      await inViewAndOnTop(page, dialog.getByRole('button', { name: 'Accept & Save to Dataset' }));
      await inViewAndOnTop(page, dialog.getByRole('button', { name: 'Reject' }));
      const preview = dialog.getByTestId('markdown-preview');
      await preview.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await inViewAndOnTop(page, dialog.getByRole('button', { name: 'Accept & Save to Dataset' }));

      await dialog.getByRole('button', { name: 'Accept & Save to Dataset' }).click();
      await expect(page.getByTestId('content-notice')).toHaveText(`content saved as ${LONG_NAME}.md`, { timeout: 30_000 });
    });
  }
});
