import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test, uniqueName } from './fixtures';

const SALTMARSH_NOTE = `# The Saltmarsh Conspiracy

Captain Idris Thornvale commands the Gilded Heron, a smuggling cutter that anchors at Brinehollow every new moon. Thornvale serves the Copper Syndicate, a guild of smugglers who control the Brinehollow docks.

The Copper Syndicate is led by Madam Oriel Vask. Vask keeps the Lantern of Ketter, a cursed artifact that shows the way to drowned treasure, locked beneath the Brinehollow lighthouse.

## Rumours

The Tidewardens, a militia of fisherfolk, hunt the Copper Syndicate. Sergeant Bel Harrow leads the Tidewardens from the Salt Chapel.

## Session 4

The party met Bel Harrow at the Salt Chapel. Harrow asked them to steal the Lantern of Ketter from Oriel Vask.

Idris Thornvale betrayed the Copper Syndicate and sailed the Gilded Heron to Greyfen Isle. Oriel Vask swore revenge on Thornvale.
`;

const MOSSVEIL_NOTE = `# Mossveil Wood

The druid Aneth Quill guards the Mossveil Wood. Quill serves the Circle of Thorns, an ancient order that protects the Heartstone, a relic buried beneath the Elder Oak.

Bel Harrow once hunted smugglers in the Mossveil Wood, and Aneth Quill sheltered the Tidewardens there.
`;

/** A tome with two campaign notes, uploaded and processed, linked to a new campaign: all through the API. */
async function seedCampaign(request: APIRequestContext, token: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const tome = await request.post('/api/datasets', { headers, data: { name: uniqueName('Saltmarsh Notes '), description: 'Lore and session notes' } });
  expect(tome.status()).toBe(201);
  const datasetId = (await tome.json()).id as string;
  for (const [name, text] of [
    ['saltmarsh.md', SALTMARSH_NOTE],
    ['mossveil.md', MOSSVEIL_NOTE],
  ]) {
    const upload = await request.post(`/api/datasets/${datasetId}/documents`, {
      headers,
      multipart: { file: { name, mimeType: 'text/markdown', buffer: Buffer.from(text) } },
    });
    expect(upload.status(), await upload.text()).toBe(202);
    const { job_id } = await upload.json();
    await expect.poll(async () => (await (await request.get(`/api/jobs/${job_id}/status`, { headers })).json()).status, { timeout: 60_000 }).toBe('completed');
  }
  const campaign = await request.post('/api/campaigns', { headers, data: { name: 'The Saltmarsh Conspiracy' } });
  const campaignId = (await campaign.json()).id as string;
  expect((await request.post(`/api/campaigns/${campaignId}/datasets`, { headers, data: { dataset_id: datasetId } })).status()).toBe(200);
  return campaignId;
}

const node = (page: Page, name: string) => page.locator(`[data-node-id][aria-label^="${name},"]`);
const dot = (page: Page, name: string) => node(page, name).locator('circle');
const translateOf = async (locator: Locator) => {
  const transform = (await locator.getAttribute('transform')) ?? '';
  const [, x, y] = /translate\(([-\d.]+),([-\d.]+)\)/.exec(transform) ?? [];
  return { x: Number(x), y: Number(y) };
};

test.describe('concept map in real Chromium', () => {
  test('select documents, generate, then drag, zoom, filter and hover the live map', async ({ page, user }) => {
    // Two uploads, a generation, a drag, zoom, settings and a reload: at a load of 30 on two cores the
    // drag's pointer moves alone took 12 s and the whole ran out of the then default 60 s at the hover
    // (trace of 4bc0fc8, before labels avoided dots); how long it may take, not a measure of it.
    test.slow();
    const campaignId = await seedCampaign(page.request, user.token);
    await page.goto(`/concept-map?campaign=${campaignId}`);
    await expect(page.getByRole('heading', { name: 'No concept map yet' })).toBeVisible();
    await expect(page.getByTestId('concept-legend')).toContainText('Organization');

    // The Select Documents modal: counts, Select All / Deselect All, the empty-selection rule.
    await page.getByRole('link', { name: 'Select Documents' }).first().click();
    const modal = page.getByTestId('select-documents-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('selected-count')).toHaveText('2 of 2 selected');
    await modal.getByRole('button', { name: 'Deselect All' }).click();
    await expect(modal.getByTestId('selected-count')).toHaveText('0 of 2 selected');
    await modal.getByRole('button', { name: 'Generate Map' }).click();
    await expect(modal.getByRole('alert')).toHaveText('Please select at least one document to analyze');
    await modal.getByLabel('mossveil.md').check();
    await expect(modal.getByTestId('selected-count')).toHaveText('1 of 2 selected');
    await modal.getByRole('button', { name: 'Select All', exact: true }).click();
    await expect(modal.getByTestId('selected-count')).toHaveText('2 of 2 selected');

    // Hold the answer until the loading state has been seen (the form posts to the page's action).
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/concept-map.data*', async (route) => {
      await answered;
      await route.continue();
    });
    await modal.getByRole('button', { name: 'Generate Map' }).click();
    await expect(page.getByTestId('concept-map-loading')).toBeVisible();
    answer();
    await expect(modal).toBeHidden();

    const graph = page.getByTestId('concept-graph');
    await expect(graph).toBeVisible();
    await expect(node(page, 'Copper Syndicate')).toBeVisible();
    await expect(node(page, 'Idris Thornvale')).toBeVisible();
    await expect(node(page, 'Aneth Quill')).toBeVisible();
    const nodes = await graph.locator('[data-node-id]').count();
    expect(nodes).toBeGreaterThanOrEqual(10);
    const links = await graph.locator('.cm-link').count();
    expect(links).toBeGreaterThanOrEqual(5);
    await expect(page.getByTestId('stat-concepts')).toHaveText(String(nodes));
    await expect(page.getByTestId('stat-relationships')).toContainText(String(links));
    await expect(page.getByTestId('stat-documents')).toHaveText('2');
    await expect(page.getByTestId('stat-updated')).not.toHaveText('Never');
    await expect(page.getByRole('button', { name: 'Update Map' })).toBeVisible();
    await expect(graph).toHaveAttribute('data-state', 'settled', { timeout: 20_000 });
    await page.screenshot({ path: test.info().outputPath('concept-map.png') });

    // Drag a node: it follows the pointer and stays where it is dropped.
    await expect(graph).toHaveAttribute('data-state', 'settled', { timeout: 20_000 });
    const syndicate = node(page, 'Copper Syndicate');
    // The fitted map is centred in its canvas, which runs below the fold at 1280×720.
    await dot(page, 'Copper Syndicate').scrollIntoViewIfNeeded();
    const box = (await dot(page, 'Copper Syndicate').boundingBox())!;
    const before = await translateOf(syndicate);
    const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + 60, start.y + 40, { steps: 6 });
    await page.mouse.move(start.x + 120, start.y + 70, { steps: 6 });
    await page.mouse.up();
    await expect(graph).toHaveAttribute('data-state', 'settled', { timeout: 20_000 });
    const after = await translateOf(syndicate);
    expect(after.x - before.x).toBeGreaterThan(100);
    expect(after.y - before.y).toBeGreaterThan(55);
    await expect(syndicate).toHaveClass(/is-pinned/);

    // Hover a node: name, type, description and sources.
    await page.mouse.move(0, 0);
    await dot(page, 'Oriel Vask').or(dot(page, 'Madam Oriel Vask')).hover();
    const tooltip = page.getByTestId('concept-tooltip');
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText('Oriel Vask');
    await expect(tooltip).toContainText('Character');
    await expect(tooltip).toContainText('Sources:');
    await expect(tooltip).toContainText('saltmarsh.md');
    await expect(graph.locator('.cm-link.is-active').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('concept-map-hover.png') });
    await page.mouse.move(0, 0);
    await expect(tooltip).toBeHidden();

    // Zoom: buttons step ×1.2, the wheel 1.1 / 0.9, and reset.
    const level = page.getByTestId('zoom-level');
    await expect(level).toHaveText('100%');
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(level).toHaveText('120%');
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect(level).toHaveText('100%');
    await graph.scrollIntoViewIfNeeded();
    const canvas = (await graph.boundingBox())!;
    await page.mouse.move(canvas.x + 40, canvas.y + 60);
    await page.mouse.wheel(0, -100);
    await expect(level).toHaveText('110%');
    await page.mouse.wheel(0, 100);
    await page.mouse.wheel(0, 100);
    await expect(level).toHaveText('89%');
    await page.getByRole('button', { name: 'Reset view' }).click();
    await expect(level).toHaveText('100%');

    // Settings: a higher minimum strength hides the weaker relationships; labels can be hidden.
    await expect(graph.locator('.cm-label').first()).toBeVisible();
    await page.getByRole('link', { name: 'Settings' }).click();
    const settings = page.getByTestId('settings-modal');
    await settings.getByLabel('Minimum relationship strength').fill('11');
    await expect(settings.getByText('Minimum strength must be a whole number from 1 to 10')).toBeVisible();
    await expect(settings.getByRole('button', { name: 'Save Settings' })).toBeDisabled();
    await settings.getByLabel('Minimum relationship strength').fill('5');
    await settings.getByLabel('Show labels').uncheck();
    await settings.getByRole('button', { name: 'Save Settings' }).click();
    await expect(settings).toBeHidden();
    const strong = await graph.locator('.cm-link').count();
    expect(strong).toBeLessThan(links);
    for (const strength of await graph.locator('.cm-link').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-strength'))))) {
      expect(strength).toBeGreaterThanOrEqual(5);
    }
    await expect(page.getByTestId('stat-relationships')).toContainText('weaker hidden');
    await expect(graph.locator('.cm-label')).toHaveCount(0);

    // Saved per campaign: a reload keeps them.
    await page.reload();
    await expect(page.getByTestId('concept-graph')).toBeVisible();
    await expect(page.getByTestId('concept-graph').locator('.cm-link')).toHaveCount(strong);
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByTestId('settings-modal').getByLabel('Minimum relationship strength')).toHaveValue('5');
    await expect(page.getByTestId('settings-modal').getByLabel('Show labels')).not.toBeChecked();
  });

  test('keyboard focus shows a concept, and the server’s message shows when generation fails', async ({ page, user }) => {
    const campaignId = await seedCampaign(page.request, user.token);
    await page.request.post(`/api/campaigns/${campaignId}/concept-map/generate?wait=true`, {
      headers: { authorization: `Bearer ${user.token}` },
      data: { selected_documents: await documentsOf(page.request, user.token, campaignId) },
    });
    await page.goto(`/concept-map?campaign=${campaignId}`);
    const graph = page.getByTestId('concept-graph');
    await expect(graph).toBeVisible();
    await graph.locator('[data-node-id][tabindex="0"]').focus();
    await expect(page.getByTestId('concept-tooltip')).toBeVisible();
    const first = await page.getByTestId('concept-tooltip').locator('strong').textContent();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('concept-tooltip').locator('strong')).not.toHaveText(first!);

    // The action's own failure answer (to an empty selection), worded as a busy AI service would be.
    await page.route('**/concept-map.data*', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const answer = await route.fetch({ postData: `intent=generate&campaign=${campaignId}` });
      const body = (await answer.text()).replace('Please select at least one document to analyze', 'The AI service is busy. Please try again in a minute.');
      await route.fulfill({ response: answer, status: 503, body });
    });
    await page.getByRole('button', { name: 'Update Map' }).click();
    await expect(page.getByTestId('concept-map-error')).toHaveText('The AI service is busy. Please try again in a minute.');
    // An answer that never arrives whole (a gateway's empty 502).
    await page.route('**/concept-map.data*', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 502, body: '' }) : route.continue()));
    await page.getByRole('button', { name: 'Update Map' }).click();
    await expect(page.getByTestId('concept-map-error')).toHaveText('Failed to generate concept map');
  });
});

async function documentsOf(request: APIRequestContext, token: string, campaignId: string) {
  const response = await request.get(`/api/campaigns/${campaignId}/concept-map/documents`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()).documents as Array<{ id: string; dataset_id: string }>).map(({ id, dataset_id }) => ({ id, dataset_id }));
}

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the generate and settings forms work as plain forms, and the map shows as lists', async ({ page, user }) => {
    const campaignId = await seedCampaign(page.request, user.token);
    await page.goto(`/concept-map?campaign=${campaignId}`);
    await expect(page.getByRole('heading', { name: 'No concept map yet' })).toBeVisible();
    await page.getByRole('link', { name: 'Select Documents' }).first().click();
    await expect(page).toHaveURL(/select=1/);
    await expect(page.getByTestId('selected-count')).toHaveText('2 of 2 selected');
    await page.getByRole('link', { name: 'Deselect All' }).click();
    await expect(page.getByLabel('saltmarsh.md')).not.toBeChecked();
    await page.getByRole('button', { name: 'Generate Map' }).last().click();
    await expect(page.getByRole('alert')).toHaveText('Please select at least one document to analyze');

    await expect(page.getByLabel('mossveil.md')).not.toBeChecked();
    await page.getByLabel('saltmarsh.md').check();
    await page.getByRole('button', { name: 'Generate Map' }).last().click();
    await expect(page).toHaveURL(new RegExp(`/concept-map\\?campaign=${campaignId}$`));
    const lists = page.getByTestId('concept-lists');
    await expect(lists).toBeVisible();
    await expect(lists.getByRole('heading', { name: /^Character \(\d+\)$/ })).toBeVisible();
    await expect(lists.getByRole('heading', { name: /^Organization \(\d+\)$/ })).toBeVisible();
    await expect(lists).toContainText('Copper Syndicate');
    await expect(lists).not.toContainText('Aneth Quill');
    await expect(lists.locator('.cm-relationship-list li').filter({ hasText: 'leads' }).first()).toBeVisible();
    await expect(page.getByTestId('stat-documents')).toHaveText('1');
    await page.screenshot({ path: test.info().outputPath('concept-map-nojs.png') });

    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByLabel('Minimum relationship strength').fill('10');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page).toHaveURL(new RegExp(`/concept-map\\?campaign=${campaignId}$`));
    await expect(page.getByRole('heading', { name: /^Relationships \(\d+ of \d+; strength 10 and above\)$/ })).toBeVisible();
  });
});

/** No sideways page scroll, and every control in `scope` (buttons, button links, fields, checkbox labels, summaries) at least 44 px both ways. */
async function expectFitsTheScreen(page: Page, scope: Locator) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  const controls = scope.locator(
    'button:visible, a.button:visible, select:visible, input:not([type=checkbox]):not([type=hidden]):visible, label:has(input[type=checkbox]):visible, summary:visible',
  );
  const sizes = await controls.evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return { what: `${element.tagName.toLowerCase()} “${(element.textContent ?? '').trim().slice(0, 30)}”`, width: box.width, height: box.height };
    }),
  );
  expect(sizes.length).toBeGreaterThan(0);
  for (const size of sizes) {
    expect(size.height, `${size.what} height`).toBeGreaterThanOrEqual(44);
    expect(size.width, `${size.what} width`).toBeGreaterThanOrEqual(44);
  }
}

// One campaign and map for the four sizes (seeding and generating it is most of the work), each
// size loaded afresh: what the page decides when it loads is that size's.
test('at the four screen sizes: no sideways scroll, controls of 44 px, the main action and the panels in reach', async ({ page, user }) => {
  test.setTimeout(4 * 60_000);
  const campaignId = await seedCampaign(page.request, user.token);
  await page.request.post(`/api/campaigns/${campaignId}/concept-map/generate?wait=true`, {
    headers: { authorization: `Bearer ${user.token}` },
    data: { selected_documents: await documentsOf(page.request, user.token, campaignId) },
  });
  for (const [width, height] of [
    [390, 844],
    [768, 1024],
    [1280, 720],
    [1440, 900],
  ]) {
    await test.step(`${width}x${height}`, async () => {
      await page.setViewportSize({ width, height });
      await page.goto(`/concept-map?campaign=${campaignId}`);
      const graph = page.getByTestId('concept-graph');
      await expect(graph).toHaveAttribute('data-state', 'settled', { timeout: 20_000 });
      const update = page.getByRole('button', { name: 'Update Map' });
      await expect(update).toBeInViewport();
      await expect(update).toBeEnabled();
      await expectFitsTheScreen(page, page.locator('main'));
      // The fitted map: every concept inside the canvas.
      const canvas = (await graph.boundingBox())!;
      for (const box of await graph.locator('[data-node-id] circle').evaluateAll((circles) => circles.map((c) => c.getBoundingClientRect().toJSON()))) {
        expect(box.x).toBeGreaterThanOrEqual(canvas.x - 1);
        expect(box.x + box.width).toBeLessThanOrEqual(canvas.x + canvas.width + 1);
      }
      await page.screenshot({ path: test.info().outputPath(`concept-map-${width}x${height}.png`) });

      await page.getByRole('link', { name: 'Select Documents' }).first().click();
      const picker = page.getByTestId('select-documents-modal');
      await expect(picker).toBeVisible();
      await expectFitsTheScreen(page, picker);
      await expect(picker.getByRole('button', { name: 'Update Map' })).toBeInViewport();
      await page.screenshot({ path: test.info().outputPath(`concept-map-select-${width}x${height}.png`) });
      await picker.getByRole('link', { name: 'Cancel' }).click();
      await expect(picker).toBeHidden();

      await page.getByRole('link', { name: 'Settings' }).click();
      const settings = page.getByTestId('settings-modal');
      await expect(settings).toBeVisible();
      await expectFitsTheScreen(page, settings);
      await expect(settings.getByRole('button', { name: 'Save Settings' })).toBeInViewport();
      await page.screenshot({ path: test.info().outputPath(`concept-map-settings-${width}x${height}.png`) });
    });
  }
});
