import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { documentFile } from './documents';
import { expect, test, uniqueName } from './fixtures';

const fixture = documentFile;
const SHOTS = process.env.E2E_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

async function createTome(page: Page, name: string, description = '') {
  await page.goto('/datasets');
  await expect(page).toHaveURL(/\/dashboard\?tab=datasets$/);
  await page.getByRole('link', { name: 'Create Knowledge Tome' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Knowledge Tome' });
  await dialog.getByLabel('Name').fill(name);
  if (description) await dialog.getByLabel('Description').fill(description);
  await dialog.getByRole('button', { name: 'Create Knowledge Tome' }).click();
  await expect(page.getByRole('article', { name })).toBeVisible();
}

/** Drops files on the bulk upload zone the way a browser does. */
async function dropFiles(page: Page, names: string[]) {
  const files = names.map((name) => ({ name, data: fs.readFileSync(fixture(name)).toString('base64') }));
  await page.getByTestId('drop-zone').evaluate((zone, list) => {
    const transfer = new DataTransfer();
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], file.name));
    }
    zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, files);
}

test.describe('Knowledge Tomes', () => {
  test('create a tome, bulk-upload, watch processing, read a PDF and markdown, edit, delete', async ({ page, user }) => {
    test.setTimeout(180_000);
    const pdfRequests: string[] = [];
    const fileRanges: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/pdf[-.]/.test(request.url())) pdfRequests.push(request.url());
      if (request.url().includes('/file')) fileRanges.push(request.headers().range ?? 'none');
    });

    const name = uniqueName('Ember Crown ');
    await createTome(page, name, 'Lore, NPCs and rules for our campaign');
    const card = page.getByRole('article', { name });
    await expect(card.getByTestId('document-count')).toHaveText('0');
    await expect(card.getByText('Custom campaign')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'About Knowledge Tomes' })).toBeVisible();

    await card.getByRole('link', { name: 'Manage Documents' }).click();
    const manage = page.getByRole('dialog', { name: `Manage Documents: ${name}` });
    await expect(manage.getByText('No documents yet.')).toBeVisible();
    await shot(page, 'tomes-manage-empty');
    // Each file's entry with a progress bar, noted as it shows: on a busy machine a small file can
    // finish and leave the list (2 s after completing) before a later check would see all three.
    await page.evaluate(() => {
      const seen = new Set<string>();
      (window as unknown as { __entriesWithProgress: Set<string> }).__entriesWithProgress = seen;
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('[data-testid="upload-entry"] [role="progressbar"]')) seen.add(bar.getAttribute('aria-label') ?? '');
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
      // Whether leaving asks first, tried while an entry still shows its progress: on a busy machine
      // all three can finish before a check made after the poll below would run.
      const probe = window as unknown as { __leaveWarned: boolean };
      probe.__leaveWarned = false;
      const timer = window.setInterval(() => {
        if (!document.querySelector('[data-testid="upload-entry"] [role="progressbar"]')) return;
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        if (event.defaultPrevented) {
          probe.__leaveWarned = true;
          window.clearInterval(timer);
        }
      }, 25);
    });
    await dropFiles(page, ['combat.pdf', 'conditions.md', 'weapons.csv']);

    // Processing starts: the modal stays open, the banner says the server carries on, and each file shows its progress.
    await expect(manage).toBeVisible();
    await expect(page.getByTestId('processing-banner')).toContainText('on the server: the work continues if you leave this page');
    await expect
      .poll(() => page.evaluate(() => [...(window as unknown as { __entriesWithProgress: Set<string> }).__entriesWithProgress].sort()))
      .toEqual(['combat.pdf progress', 'conditions.md progress', 'weapons.csv progress']);
    await shot(page, 'tomes-processing');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __leaveWarned: boolean }).__leaveWarned), { message: 'leaving asks first while files are processed' })
      .toBe(true);
    await expect(page.getByTestId('upload-entry').filter({ hasText: 'Completed' }).first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('upload-entry')).toHaveCount(0, { timeout: 90_000 });
    await expect(page.getByTestId('processing-banner')).toBeHidden();
    await expect(card.getByTestId('document-count')).toHaveText('3');
    expect(pdfRequests, 'PDF.js is not loaded before a PDF is opened').toEqual([]);

    await expect(manage.getByTestId('document-row')).toHaveCount(3);
    await shot(page, 'tomes-manage-documents');

    // The PDF, page by page.
    await manage.getByRole('link', { name: 'combat.pdf', exact: true }).click();
    const viewer = page.getByRole('dialog', { name: 'combat.pdf' });
    await expect(viewer.getByTestId('page-count')).toHaveText('of 19', { timeout: 20_000 });
    await expect(viewer.locator('canvas.pdf-canvas')).toBeVisible();
    await expect(viewer.getByRole('button', { name: '‹ Previous' })).toBeDisabled();
    await viewer.getByRole('button', { name: 'Next ›' }).click();
    await expect(viewer.getByLabel('Page number')).toHaveValue('2');
    await viewer.getByLabel('Page number').fill('99');
    await viewer.getByLabel('Page number').press('Enter');
    await expect(viewer.getByLabel('Page number')).toHaveValue('19');
    await expect(viewer.getByRole('button', { name: 'Next ›' })).toBeDisabled();
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    await expect(viewer.getByTestId('zoom-level')).toHaveText('120%');
    for (let i = 0; i < 4; i++) await viewer.getByRole('button', { name: 'Zoom out' }).click();
    await expect(viewer.getByTestId('zoom-level')).toHaveText('50%');
    await expect(viewer.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    const canvasWidth = await viewer.locator('canvas.pdf-canvas').evaluate((c) => (c as HTMLCanvasElement).style.width);
    expect(canvasWidth).toBe('300px');
    await expect(viewer.getByRole('complementary', { name: 'Document Assistant' })).toBeVisible();
    await shot(page, 'tomes-pdf');
    expect(pdfRequests.length).toBeGreaterThan(0);
    expect(fileRanges.some((range) => range.startsWith('bytes='))).toBe(true);

    // Closing the viewer goes back to Manage Documents; the markdown file renders and can be edited.
    await viewer.getByRole('button', { name: 'Close' }).click();
    await expect(manage).toBeVisible();
    await manage.getByRole('link', { name: 'conditions.md', exact: true }).click();
    const md = page.getByRole('dialog', { name: 'conditions.md' });
    await expect(md.getByRole('heading', { name: 'Appendix PH-A: Conditions' })).toBeVisible();
    await expect(md.getByTestId('size-badge')).toHaveText(/^\d+\.\d KB$/);
    await md.getByRole('button', { name: 'Edit' }).click();
    const save = md.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    const editor = md.getByLabel('Document text');
    await editor.fill(`# House Conditions\n\nA creature that is **Bewildered** loses its reaction.\n\n${await editor.inputValue()}`);
    await expect(save).toBeEnabled();
    await save.click();
    await expect(md.getByText('Document saved successfully!')).toBeVisible({ timeout: 30_000 });
    await expect(md.getByRole('heading', { name: 'House Conditions' })).toBeVisible();
    await shot(page, 'tomes-markdown');
    await expect(md.getByText('Document saved successfully!')).toBeHidden({ timeout: 6_000 });

    // A citation's address opens the document straight away, on its page.
    const params = new URL(page.url()).searchParams;
    const datasetId = params.get('dataset')!;
    const rows = await page.request.get(`/api/datasets/${datasetId}/documents`, { headers: { authorization: `Bearer ${user.token}` } });
    const combat = ((await rows.json()) as Array<{ id: string; filename: string }>).find((d) => d.filename === 'combat.pdf')!;
    await page.goto(`/dashboard?tab=datasets&dataset=${datasetId}&document=${combat.id}&page=4`);
    await expect(page.getByRole('dialog', { name: 'combat.pdf' }).getByLabel('Page number')).toHaveValue('4', { timeout: 20_000 });
    await page.goto(`/dashboard?tab=datasets&dataset=${datasetId}&document=00000000-0000-4000-8000-000000000000`);
    await expect(page.getByText('Could not find document: 00000000-0000-4000-8000-000000000000')).toBeVisible();

    // Delete a document, then the tome.
    await page.goto('/dashboard?tab=datasets');
    await card.getByRole('link', { name: 'Manage Documents' }).click();
    await manage.getByRole('button', { name: 'Delete weapons.csv' }).click();
    await page.getByRole('dialog', { name: 'Delete document' }).getByRole('button', { name: 'Delete Document' }).click();
    await expect(manage.getByText('Document deleted.')).toBeVisible();
    await expect(manage.getByTestId('document-row')).toHaveCount(2);
    await page.keyboard.press('Escape');
    await expect(manage).toBeHidden();
    await expect(card.getByTestId('document-count')).toHaveText('2');
    await card.getByRole('link', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Knowledge Tome' });
    await expect(confirm.getByText('This cannot be undone.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete Knowledge Tome' }).click();
    await expect(page.getByText('Knowledge Tome deleted.')).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test('metadata: guessed at creation, edited with tags, shown on the card', async ({ page, user: _user }) => {
    const name = uniqueName('SRD Spells ');
    await createTome(page, name, 'Official spellcasting rules for dragons and undead');
    const card = page.getByRole('article', { name });
    await expect(card.getByText('Official D&D')).toBeVisible();
    await expect(card.getByText('Rules', { exact: true })).toBeVisible();
    await card.getByRole('link', { name: 'Metadata' }).click();
    const dialog = page.getByRole('dialog', { name: `Metadata: ${name}` });
    await dialog.getByLabel('Category').selectOption('lore');
    await dialog.getByLabel('Tags').fill('dragons, , undead , liches, planes, gods ');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Metadata updated successfully')).toBeVisible();
    await expect(card.locator('.tag')).toHaveText(['dragons', 'undead', 'liches', '+2 more']);
    await expect(card.getByText('Lore', { exact: true })).toBeVisible();
    await expect(page.getByText('Metadata updated successfully')).toBeHidden({ timeout: 6_000 });
    await shot(page, 'tomes-cards');
  });

  test('a PDF that will not open shows the message and the Download PDF fallback', async ({ page, user: _user }) => {
    const name = uniqueName('Broken ');
    await createTome(page, name);
    await page.getByRole('article', { name }).getByRole('link', { name: 'Manage Documents' }).click();
    // The modal is a dialog once the page is interactive (before that, a page section).
    const manage = page.getByRole('dialog', { name: `Manage Documents: ${name}` });
    await manage.getByLabel('Upload a document').setInputFiles(fixture('combat.pdf'));
    await manage.getByRole('button', { name: 'Upload', exact: true }).click();
    // The modal stays open while the file is processed, and lists it once it is ready.
    await expect(manage.getByTestId('document-row')).toHaveCount(1, { timeout: 60_000 });
    // The file route answers 500 for this page's PDF.
    await page.route('**/documents/*/file?inline=1', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.getByRole('link', { name: 'combat.pdf', exact: true }).click();
    const viewer = page.getByRole('dialog', { name: 'combat.pdf' });
    await expect(viewer.getByRole('alert')).toHaveText('Failed to load PDF. Server responded with: 500');
    await expect(viewer.getByText('The PDF file could not be loaded. It may be corrupted or inaccessible.')).toBeVisible();
    await expect(viewer.getByRole('link', { name: 'Download PDF' })).toBeVisible();
  });
});

test.describe('Knowledge Tomes without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('create, upload with a plain form, watch the job, read, edit and delete', async ({ page, user: _user }) => {
    test.setTimeout(120_000);
    const name = uniqueName('No script ');
    await page.goto('/datasets');
    await page.getByRole('link', { name: 'Create Knowledge Tome' }).click();
    const create = page.getByRole('region', { name: 'Create Knowledge Tome' });
    await create.getByLabel('Name').fill(name);
    await create.getByRole('button', { name: 'Create Knowledge Tome' }).click();
    const card = page.getByRole('article', { name });
    await expect(card).toBeVisible();

    await card.getByRole('link', { name: 'Metadata' }).click();
    const metadata = page.getByRole('region', { name: `Metadata: ${name}` });
    await metadata.getByLabel('Tags').fill('heist, , crown');
    await metadata.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Metadata updated successfully')).toBeVisible();
    await expect(card.locator('.tag')).toHaveText(['heist', 'crown']);

    await card.getByRole('link', { name: 'Manage Documents' }).click();
    const manage = page.getByRole('region', { name: `Manage Documents: ${name}` });
    await manage.getByLabel('Upload a document').setInputFiles(fixture('ember-crown-lore.md'));
    await manage.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText('Upload received. The document is being processed.')).toBeVisible();
    await expect(page.getByTestId('job-entry')).toHaveCount(1);
    await shot(page, 'tomes-nojs-job');
    // The page refreshes itself while the job runs; the job ends completed and the document is listed.
    await expect(page.getByTestId('job-entry')).toHaveAttribute('data-state', 'completed', { timeout: 60_000 });
    await page.goto(page.url());
    const row = page.getByTestId('document-row').filter({ hasText: 'ember-crown-lore.md' });
    await expect(row).toBeVisible();

    await row.getByRole('link', { name: 'ember-crown-lore.md', exact: true }).click();
    const viewer = page.getByRole('region', { name: 'ember-crown-lore.md' });
    await expect(viewer.getByRole('heading', { name: 'The Ember Crown: campaign lore' })).toBeVisible();
    await viewer.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel('Document text').fill('# Ember Crown\n\nArdent Vael hides the crown in the Drowned Chapel.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Document saved successfully!')).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(page.getByText('Ardent Vael hides the crown in the Drowned Chapel.')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });

    await page.goto('/dashboard?tab=datasets');
    await card.getByRole('link', { name: 'Manage Documents' }).click();
    await page.getByRole('link', { name: 'Delete ember-crown-lore.md' }).click();
    await page.getByRole('button', { name: 'Delete Document' }).click();
    await expect(page.getByText('Document deleted.')).toBeVisible();
    await expect(page.getByText('No documents yet.')).toBeVisible();

    await page.goto('/dashboard?tab=datasets');
    await card.getByRole('link', { name: `Delete ${name}` }).click();
    await expect(page.getByText('This cannot be undone.')).toBeVisible();
    await page.getByRole('button', { name: 'Delete Knowledge Tome' }).click();
    await expect(page.getByText('Knowledge Tome deleted.')).toBeVisible();
    await expect(card).toHaveCount(0);
  });
});
