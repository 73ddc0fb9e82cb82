import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { atEachScreen, SCREENS, seedTome, showToPlayers } from './tome-seed';

/**
 * Secrets the GM can see (issue 34, item 3): `:::gm` blocks drawn as marked, labelled blocks in
 * the viewer and the editor's preview, never as their marker lines; Mark GM-only wraps whole
 * blocks; badges tell who sees a document.
 */
const LORE = `# Greywater

- The docks are quiet at dusk.
:::gm
- Harbourmaster Wenna Corlis takes bribes from the Salt Guild.
:::
- Fog rolls in from the estuary.

The Salt Guild smuggles through the fog.
`;
const NOTES = 'Session notes.\n:::gm\nHollis Quenby is the spy.\n:::\nThe party rested.\n';

const viewerUrl = (datasetId: string, documentId: string) => `/dashboard?tab=datasets&dataset=${datasetId}&document=${documentId}`;

async function expectSecretsDrawn(content: Locator, secret: string) {
  const block = content.getByTestId('gm-block');
  await expect(block).toHaveCount(1);
  await expect(block).toBeVisible();
  await expect(block).toContainText(secret);
  await expect(block.getByText('GM only')).toBeVisible();
  await expect(content).not.toContainText(':::');
}

test.describe('GM-only passages at phone, tablet and desktop sizes', () => {
  test('the viewer draws the block marked and labelled, apart from the list, and the badges say who sees the document', async ({ page, user }) => {
    const { datasetId, documents } = await seedTome(page.request, user.token, { 'greywater.md': LORE, 'session.txt': NOTES });
    await showToPlayers(page.request, user.token, datasetId, documents['greywater.md']);
    await atEachScreen(page, async () => {
      await page.goto(viewerUrl(datasetId, documents['greywater.md']));
      const viewer = page.getByRole('dialog', { name: 'greywater.md' });
      const content = viewer.getByTestId('document-content');
      await expectSecretsDrawn(content, 'Wenna Corlis takes bribes');
      // The marker lines are never read as part of the list items beside them.
      await expect(content.getByRole('listitem').filter({ hasText: 'docks' })).toHaveText('The docks are quiet at dusk.');
      await expect(content.getByRole('listitem').filter({ hasText: 'Fog' })).toHaveText('Fog rolls in from the estuary.');
      await expect(viewer.getByTestId('visibility-badge')).toHaveText('Visible to players · has GM-only parts');
      // Polled: the block can be drawn again as the viewer hydrates, and a box read then is null.
      await expect.poll(async () => (await content.getByTestId('gm-block').boundingBox())?.width ?? 0).toBeGreaterThan(200);

      await page.goto(viewerUrl(datasetId, documents['session.txt']));
      const notes = page.getByRole('dialog', { name: 'session.txt' });
      await expectSecretsDrawn(notes.getByTestId('document-content'), 'Hollis Quenby is the spy.');
      await expect(notes.getByTestId('visibility-badge')).toHaveText('GM only');

      await page.goto(`/dashboard?tab=datasets&manage=${datasetId}`);
      const shown = page.getByTestId('document-row').filter({ hasText: 'greywater.md' });
      await expect(shown.getByTestId('visibility-badge')).toHaveText('Visible to players · has GM-only parts');
      await expect(shown.getByText('GM only', { exact: true })).toHaveCount(0);
      await expect(page.getByTestId('document-row').filter({ hasText: 'session.txt' }).getByTestId('visibility-badge')).toHaveText('GM only');
    });
  });
});

test.describe('Mark GM-only in the editor', () => {
  for (const screen of [SCREENS[0], SCREENS[2]]) {
    test(`wraps the whole list item when half its line is selected, and the preview draws the block (${screen.name})`, async ({ page, user }) => {
      await page.setViewportSize(screen.viewport);
      const { datasetId, documents } = await seedTome(page.request, user.token, { 'greywater.md': LORE });
      await page.goto(viewerUrl(datasetId, documents['greywater.md']));
      const viewer = page.getByRole('dialog', { name: 'greywater.md' });
      await viewer.getByRole('button', { name: 'Edit' }).click();
      const editor = viewer.getByLabel('Document text');
      await expect(editor).toBeVisible();
      await editor.evaluate((element: HTMLTextAreaElement) => {
        const at = element.value.indexOf('rolls in from');
        element.focus();
        element.setSelectionRange(at, at + 8);
      });
      await viewer.getByRole('button', { name: 'Mark GM-only' }).click();
      await expect(editor).toHaveValue(LORE.trimEnd().replace('- Fog rolls in from the estuary.\n', ':::gm\n- Fog rolls in from the estuary.\n:::\n'));
      const preview = viewer.getByTestId('editor-preview');
      await expect(preview.getByTestId('gm-block')).toHaveCount(2);
      await expect(preview.getByTestId('gm-block').nth(1)).toContainText('Fog rolls in from the estuary.');
      await expect(preview).not.toContainText(':::');
    });
  }
});

test.describe('GM-only passages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the viewer page draws the block, never the markers', async ({ page, user }) => {
    const { datasetId, documents } = await seedTome(page.request, user.token, { 'greywater.md': LORE });
    await page.goto(viewerUrl(datasetId, documents['greywater.md']));
    await expectSecretsDrawn(page.getByTestId('document-content'), 'Wenna Corlis takes bribes');
    await expect(page.getByTestId('visibility-badge').first()).toHaveText('GM only');
  });
});
