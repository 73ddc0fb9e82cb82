import { expect, test } from './fixtures';
import { expectNoHorizontalOverflow, expectTapTargets, SIZES } from './layout-checks';

/**
 * Personal API tokens on the account page (issue 36): reached from the nav, created (shown once),
 * used by a script, listed without the token, and revoked, after which the script is refused.
 * With and without JavaScript, at phone and desktop sizes.
 */
const phone = SIZES.find((size) => size.name === 'phone')!;
const desktop = SIZES.find((size) => size.name === 'desktop')!;

for (const js of [true, false]) {
  for (const size of [phone, desktop]) {
    test.describe(`account page, ${size.name}, ${js ? 'with' : 'without'} JavaScript`, () => {
      test.use({ javaScriptEnabled: js, viewport: { width: size.width, height: size.height } });

      test('creates a token shown once, a script uses it, and revoking it locks the script out', async ({ page, user }) => {
        await page.goto('/dashboard');
        if (size === phone) await page.getByText('Menu').click();
        await page.getByRole('link', { name: `Account: ${user.username}` }).click();
        await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
        await expect(page.getByText('No API tokens yet.')).toBeVisible();
        await expectNoHorizontalOverflow(page);
        if (size === phone) await expectTapTargets(page);

        await page.getByLabel('Name').fill('Backup script');
        await page.getByLabel('Expires').selectOption('365');
        await page.getByRole('button', { name: 'Create token' }).click();
        await expect(page.getByText('Token “Backup script” created.')).toBeVisible();
        const token = await page.getByTestId('new-token').inputValue();
        expect(token).toMatch(/^tkp_/);
        await expect(page.getByRole('button', { name: 'Copy token' })).toHaveCount(js ? 1 : 0);
        if (js) {
          await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
          await page.getByRole('button', { name: 'Copy token' }).click();
          await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
          expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
        }
        await expectNoHorizontalOverflow(page);

        // The script: the token works as a bearer token (it wins over the page's session cookie).
        const script = page.context().request;
        const asScript = { headers: { authorization: `Bearer ${token}` } };
        const me = await script.get('/api/auth/me', asScript);
        expect(me.status()).toBe(200);

        // Listed with its dates, never the token; the token itself is gone from the page once left.
        await page.goto('/account');
        const row = page.getByTestId('token-row').filter({ hasText: 'Backup script' });
        await expect(row).toContainText(/expires \d{4}-\d{2}-\d{2}/);
        await expect(row).toContainText(/last used \d{4}-\d{2}-\d{2}/);
        expect(await page.content()).not.toContain(token);

        await row.getByRole('button', { name: 'Revoke Backup script' }).click();
        await expect(page.getByText('Token revoked: scripts using it are refused from now on.')).toBeVisible();
        await expect(page.getByTestId('token-row')).toHaveCount(0);
        expect((await script.get('/api/auth/me', asScript)).status()).toBe(401);
      });
    });
  }
}

test('a name that is too long is refused with the form kept', async ({ page, user }) => {
  expect(user.username).toBeTruthy();
  await page.goto('/account');
  await page.getByLabel('Name').evaluate((input: HTMLInputElement) => input.removeAttribute('maxlength'));
  await page.getByLabel('Name').fill('x'.repeat(120));
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByText('Token name is too long (100 characters at most)')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('x'.repeat(120));
});
