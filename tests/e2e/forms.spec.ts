import type { APIRequestContext, Page } from '@playwright/test';
import { expect, pageIsLive, test, uniqueName } from './fixtures';

/**
 * One form, both worlds (ADR 0050): each form posts to the dashboard's action with JavaScript
 * on or off; the field errors come from the same zod schema on both sides.
 */
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const lore = (text: string) => ({ name: 'harbour.md', mimeType: 'text/markdown', buffer: Buffer.from(text) });

async function createTomeByApi(request: APIRequestContext, token: string, name: string) {
  const response = await request.post('/api/datasets', { headers: auth(token), data: { name, description: 'Notes' } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function createCampaignByApi(request: APIRequestContext, token: string, name: string) {
  const response = await request.post('/api/campaigns', { headers: auth(token), data: { name, description: 'Old description' } });
  return ((await response.json()) as { id: string }).id;
}

async function uploadByApi(request: APIRequestContext, token: string, datasetId: string, text: string) {
  const response = await request.post(`/api/datasets/${datasetId}/documents`, { headers: auth(token), multipart: { file: lore(text) } });
  expect(response.status()).toBe(202);
}

const fieldsOf = (page: Page, js: boolean, name: string) => (js ? page.getByRole('dialog', { name }) : page.getByRole('region', { name }));

for (const js of [true, false]) {
  test.describe(js ? 'forms with JavaScript' : 'forms without JavaScript', () => {
    test.use({ javaScriptEnabled: js });

    test('a campaign is renamed and described, and a blank name is refused in the form', async ({ page, user }) => {
      const name = uniqueName('Working title ');
      await createCampaignByApi(page.request, user.token, name);
      await page.goto('/dashboard?tab=campaigns');
      await page.getByRole('link', { name: `Edit ${name}` }).click();
      const edit = fieldsOf(page, js, `Edit campaign: ${name}`);
      await expect(edit.getByLabel('Campaign name')).toHaveValue(name);
      await edit.getByLabel('Campaign name').fill('   ');
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect(edit.getByText('Campaign name is required')).toBeVisible();

      const renamed = uniqueName('Curse of the Ember Crown ');
      await edit.getByLabel('Campaign name').fill(renamed);
      await edit.getByLabel('Description').fill('The heist goes wrong at the lighthouse.');
      await edit.getByRole('button', { name: 'Save' }).click();
      const card = page.getByRole('article', { name: renamed });
      await expect(card).toContainText('The heist goes wrong at the lighthouse.');
      await expect(page.getByRole('article', { name })).toHaveCount(0);
    });

    test('a too-long campaign name gets the schema’s message from the action', async ({ page, user: _user }) => {
      await page.goto('/dashboard?tab=campaigns&create_campaign=1');
      const create = fieldsOf(page, js, 'Create campaign');
      // fill() sets the value past maxLength, as a script or an old browser could.
      await create.getByLabel('Campaign name').fill('x'.repeat(201));
      await create.getByRole('button', { name: 'Create' }).click();
      await expect(create.getByText('Campaign name is too long (200 characters at most)')).toBeVisible();
    });

    test('a tome is renamed from its Metadata modal; a second tome of the same name is refused', async ({ page, user }) => {
      const name = uniqueName('Harbour notes ');
      const taken = uniqueName('Sunken temple ');
      await createTomeByApi(page.request, user.token, name);
      await createTomeByApi(page.request, user.token, taken);
      await page.goto('/dashboard?tab=datasets');
      // With JavaScript, the modal's Save is the live form's once the page hydrates (a click while it
      // hydrated on a loaded CI was lost, and no answer came).
      if (js) await pageIsLive(page);
      await page.getByRole('article', { name }).getByRole('link', { name: 'Metadata' }).click();
      const modal = fieldsOf(page, js, `Metadata: ${name}`);
      const details = modal.getByRole('form', { name: 'Knowledge Tome details' });
      await details.getByLabel('Name').fill(taken.toUpperCase());
      await details.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(details.getByRole('alert')).toHaveText(
        `Failed to save the tome. You already have a Knowledge Tome named "${taken}". Choose another name, or add the documents to that tome.`,
      );
      const renamed = uniqueName('Harbour of Saltmarsh ');
      await details.getByLabel('Name').fill(renamed);
      await details.getByLabel('Description').fill('Smugglers and the tide');
      await details.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Metadata updated successfully')).toBeVisible();
      await expect(page.getByRole('article', { name: renamed })).toContainText('Smugglers and the tide');

      await page.getByRole('link', { name: 'Create Knowledge Tome' }).click();
      const create = fieldsOf(page, js, 'Create Knowledge Tome');
      await create.getByLabel('Name').fill(renamed);
      await create.getByRole('button', { name: 'Create Knowledge Tome' }).click();
      await expect(create.getByRole('alert')).toHaveText(
        `Failed to create dataset. You already have a Knowledge Tome named "${renamed}". Choose another name, or add the documents to that tome.`,
      );
    });

    test('the same file uploaded twice is asked about: replace or keep both', async ({ page, user }) => {
      const name = uniqueName('Duplicates ');
      const id = await createTomeByApi(page.request, user.token, name);
      const text = `# Harbour\n\nThe harbour master ${uniqueName()} takes bribes in amber.`;
      await uploadByApi(page.request, user.token, id, text);
      await page.goto(`/dashboard?tab=datasets&manage=${id}`);
      const manage = fieldsOf(page, js, `Manage Documents: ${name}`);
      await manage.getByLabel('Upload a document').setInputFiles({ ...lore(text), name: 'harbour copy.md' });
      await manage.getByRole('button', { name: 'Upload', exact: true }).click();
      const message = '"harbour copy.md" has the same content as "harbour.md", already in this tome. Replace that document, or keep both.';
      if (js) {
        const entry = manage.getByTestId('upload-entry').filter({ hasText: 'harbour copy.md' });
        await expect(entry.getByRole('alert')).toHaveText(`Failed to upload document. ${message}`);
        await entry.getByRole('button', { name: 'Keep both' }).click();
      } else {
        await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
        await page.getByLabel('Upload a document').setInputFiles({ ...lore(text), name: 'harbour copy.md' });
        await page.getByLabel('Keep both').check();
        await page.getByRole('button', { name: 'Upload', exact: true }).click();
        await expect(page.getByText('Upload received. The document is being processed.')).toBeVisible();
      }
      await expect.poll(async () => (await (await page.request.get(`/api/datasets/${id}/documents`, { headers: auth(user.token) })).json()).length).toBe(2);
    });
  });
}

test('with JavaScript a field is checked as it is left and as it is typed in, and a submit with an error posts nothing', async ({ page, user: _user }) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.postData() ?? '');
  });
  await page.goto('/dashboard?tab=campaigns&create_campaign=1');
  const create = page.getByRole('dialog', { name: 'Create campaign' });
  const name = create.getByLabel('Campaign name');
  const required = create.getByText('Campaign name is required');
  // The modal's name field is focused as the page goes live; leaving it loads the form's checks,
  // which then check the field that was left.
  await pageIsLive(page);
  await name.focus();
  await name.blur();
  await expect(required).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAttribute('aria-describedby', (await required.getAttribute('id')) ?? 'no id');
  await name.pressSequentially('E');
  await expect(required).toHaveCount(0);
  await expect(name).not.toHaveAttribute('aria-invalid');
  await expect(name).not.toHaveAttribute('aria-describedby');
  await name.press('Backspace');
  await expect(required).toBeVisible();

  await create.getByLabel('Description (optional)').fill('Checked before it is sent');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(name).toBeFocused();
  await expect(required).toBeVisible();
  expect(posts).toEqual([]);

  const title = uniqueName('Live checks ');
  await name.fill(title);
  await expect(required).toHaveCount(0);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  expect(posts).toHaveLength(1);
});

test('a field the page focuses loads no checks until it is typed in or left (ADR 0254)', async ({ page, user: _user }) => {
  const checks: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/(form-parse|tome-fields)-[^/]*\.js$/.test(request.url())) checks.push(request.url());
  });
  await page.goto('/dashboard?tab=datasets&create=1');
  const create = page.getByRole('dialog', { name: 'Create Knowledge Tome' });
  const name = create.getByRole('textbox', { name: /^Name/ });
  await pageIsLive(page);
  await expect(name).toBeFocused();
  await page.waitForLoadState('networkidle');
  expect(checks).toEqual([]);

  // Left empty: the checks load, and the field left is checked when they arrive.
  await page.keyboard.press('Tab');
  await expect(create.getByText('Dataset name is required')).toBeVisible();
  expect(checks.length).toBeGreaterThan(0);
  await name.fill('Harbour lore');
  await expect(create.getByText('Dataset name is required')).toHaveCount(0);
});

test('a refused upload stays listed with its reason until dismissed', async ({ page, user }) => {
  const name = uniqueName('Refusals ');
  const id = await createTomeByApi(page.request, user.token, name);
  await page.goto(`/dashboard?tab=datasets&manage=${id}`);
  const manage = page.getByRole('dialog', { name: `Manage Documents: ${name}` });
  await manage.getByLabel('Upload a document').setInputFiles({ name: 'map.png', mimeType: 'image/png', buffer: Buffer.from([137, 80, 78, 71]) });
  await manage.getByRole('button', { name: 'Upload', exact: true }).click();
  const entry = manage.getByTestId('upload-entry').filter({ hasText: 'map.png' });
  await expect(entry.getByRole('alert')).toContainText('Files of type .png cannot be added to a tome.');
  await entry.getByRole('button', { name: 'Dismiss map.png' }).click();
  await expect(entry).toHaveCount(0);
});
