import { expect, test } from '@playwright/test';

/** /api/docs (issue 36): the interactive docs draw the live document with nothing fetched from elsewhere. */
test('the API docs page shows every area of the API, from this server alone', async ({ page, baseURL }) => {
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith('data:')) elsewhere.push(request.url());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Tomekeeper API/ })).toBeVisible();
  await expect(page.getByText('/api/tokens').first()).toBeVisible();
  await page.getByText('/api/datasets/{id}/documents').first().scrollIntoViewIfNeeded();
  await expect(page.getByText('/api/datasets/{id}/documents').first()).toBeVisible();
  expect(elsewhere).toEqual([]);
});
