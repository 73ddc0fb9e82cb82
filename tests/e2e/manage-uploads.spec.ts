import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { documentFile } from './documents';
import { expect, test, uniqueName } from './fixtures';
import { atEachScreen, auth } from './tome-seed';

/**
 * Manage Documents stays open while its uploads go on: each file is listed by name with its
 * state (uploading with its percentage, processing, completed, or failed with what to do), and
 * the tome's documents appear in the same window as each is ready.
 */
async function dropFiles(page: Page, files: Array<{ name: string; bytes: Buffer }>) {
  const list = files.map(({ name, bytes }) => ({ name, data: bytes.toString('base64') }));
  await page.getByTestId('drop-zone').evaluate((zone, items) => {
    const transfer = new DataTransfer();
    for (const file of items) transfer.items.add(new File([Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0))], file.name));
    zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, list);
}

test.describe('Manage Documents during uploads', () => {
  test("stays open with each file's progress, and lists the documents as they are ready, at phone, tablet and desktop sizes", async ({ page, user }) => {
    // A tome of its own at each size, in the one page; each size may wait on its jobs (below).
    test.setTimeout(3 * 120_000);
    await atEachScreen(page, async (screen) => {
      const name = uniqueName('Uploads ');
      expect((await page.request.post('/api/datasets', { headers: auth(user.token), data: { name } })).status()).toBe(201);
      await page.goto('/dashboard?tab=datasets');
      await page.getByRole('article', { name }).getByRole('link', { name: 'Manage Documents' }).click();
      const manage = page.getByRole('dialog', { name: `Manage Documents: ${name}` });
      await expect(manage.getByText('No documents yet.')).toBeVisible();

      // Every state an entry shows, noted as it shows (a small file can pass through a state quickly).
      await page.evaluate(() => {
        const seen = new Set<string>();
        (window as unknown as { __states: Set<string> }).__states = seen;
        new MutationObserver(() => {
          for (const entry of document.querySelectorAll<HTMLElement>('dialog [data-testid="upload-entry"]')) {
            seen.add(`${entry.querySelector('.upload-filename')?.textContent}: ${entry.dataset.state}`);
          }
        }).observe(document.body, { subtree: true, childList: true, attributes: true });
      });
      await dropFiles(page, [
        { name: 'conditions.md', bytes: fs.readFileSync(documentFile('conditions.md')) },
        { name: 'weapons.csv', bytes: fs.readFileSync(documentFile('weapons.csv')) },
        { name: 'not-a-book.pdf', bytes: Buffer.from('this is plain text, not a PDF') },
      ]);

      // The window stays open, listing each file with its state.
      const entries = manage.getByTestId('upload-entry');
      await expect(entries.filter({ hasText: 'conditions.md' })).toBeVisible();
      await expect(entries.filter({ hasText: 'weapons.csv' })).toBeVisible();
      const refused = entries.filter({ hasText: 'not-a-book.pdf' });
      await expect(refused).toHaveAttribute('data-state', 'failed');
      await expect(refused.getByRole('alert')).toContainText('Failed to upload document.');
      await expect(refused.getByRole('button', { name: 'Dismiss not-a-book.pdf' })).toBeVisible();
      await expect(manage).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`manage-uploads-${screen.name}.png`) });

      // Each good file is ready in the list of documents of the same window.
      const rows = manage.getByTestId('document-row');
      await expect(rows.filter({ hasText: 'conditions.md' })).toBeVisible({ timeout: 90_000 });
      await expect(rows.filter({ hasText: 'weapons.csv' })).toBeVisible({ timeout: 90_000 });
      await expect(manage.getByText('No documents yet.')).toBeHidden();
      await expect(manage).toBeVisible();
      const seen = await page.evaluate(() => [...(window as unknown as { __states: Set<string> }).__states]);
      for (const file of ['conditions.md', 'weapons.csv']) {
        expect(seen, `${file} was listed as it went`).toContainEqual(
          expect.stringMatching(new RegExp(`^${file.replace('.', '\\.')}: (uploading|processing|completed)$`)),
        );
      }
      await expect(page.getByRole('article', { name }).getByTestId('document-count')).toHaveText('2');

      // It closes when the GM closes it.
      await manage.getByRole('button', { name: 'Close' }).click();
      await expect(manage).toBeHidden();
    });
  });
});
