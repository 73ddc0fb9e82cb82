import { expect, test } from '@playwright/test';

/** /api/docs (issue 36): the interactive docs draw the live document with nothing fetched from elsewhere. */
test('the API docs page shows every area of the API, from this server alone', async ({ page, baseURL }) => {
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith('data:')) elsewhere.push(request.url());
  });
  // Swagger UI draws the page from /api/openapi.json, which the server builds on its first request:
  // on a loaded machine (CI runs this first, beside vitest) that and the 1.5 MB viewer took over 10 s.
  const documentServed = page.waitForResponse((response) => response.url().endsWith('/api/openapi.json') && response.ok(), { timeout: 60_000 });
  await page.goto('/api/docs');
  await documentServed;
  await expect(page.getByRole('heading', { name: /Tomekeeper API/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('/api/tokens').first()).toBeVisible();
  await page.getByText('/api/datasets/{id}/documents').first().scrollIntoViewIfNeeded();
  await expect(page.getByText('/api/datasets/{id}/documents').first()).toBeVisible();
  expect(elsewhere).toEqual([]);
});
