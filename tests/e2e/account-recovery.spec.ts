import fs from 'node:fs';
import path from 'node:path';
import { expect, PASSWORD, signIn, test } from './fixtures';

const RULE = 'At least 8 characters, with uppercase, lowercase and a number.';

async function adminResetLink(username: string): Promise<string> {
  const lock = JSON.parse(fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, 'tomekeeper.lock'), 'utf8'));
  const response = await fetch(`http://127.0.0.1:${lock.port}/api/admin/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-secret': lock.secret },
    body: JSON.stringify({ command: 'reset-password', args: [username] }),
  });
  const { lines } = (await response.json()) as { lines: string[] };
  return lines.at(-1)!;
}

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, js: true },
  { name: 'tablet', viewport: { width: 768, height: 1024 }, js: false },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, js: true },
];

for (const size of SIZES) {
  test.describe(`account recovery on a ${size.name}, JavaScript ${size.js ? 'on' : 'off'}`, () => {
    test.use({ viewport: size.viewport, javaScriptEnabled: size.js });

    test('changes the password from the account page, the rule stated', async ({ page, request }) => {
      const { username } = await signIn(page);
      await page.goto('/account');
      await page.getByRole('link', { name: 'Change password' }).click();
      await expect(page).toHaveURL(/\/account\/password$/);
      const form = page.getByRole('form', { name: 'Change password' });
      await expect(form.getByText(RULE)).toBeVisible();
      await form.getByLabel('Current password').fill(PASSWORD);
      await form.getByLabel('New password', { exact: true }).fill('Wyverns2026');
      await form.getByLabel('Confirm new password').fill('Wyverns2026');
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByRole('status')).toContainText('Password changed');
      const login = await request.post('/api/auth/login', { data: { username, password: 'Wyverns2026' } });
      expect(login.status()).toBe(200);
    });

    test('refuses a wrong current password with a message', async ({ page }) => {
      await signIn(page);
      await page.goto('/account/password');
      const form = page.getByRole('form', { name: 'Change password' });
      await form.getByLabel('Current password').fill('Not-my-password1');
      await form.getByLabel('New password', { exact: true }).fill('Wyverns2026');
      await form.getByLabel('Confirm new password').fill('Wyverns2026');
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByRole('alert')).toHaveText('Current password is incorrect');
    });

    test("sets a new password from the administrator's one-time link", async ({ page, browser, baseURL }) => {
      const { username } = await signIn(page);
      const link = await adminResetLink(username);
      expect(link).toMatch(/^\/reset\/\S+$/);
      const context = await browser.newContext({ baseURL, viewport: size.viewport, javaScriptEnabled: size.js });
      const visitor = await context.newPage();
      await visitor.goto(link);
      await expect(visitor.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
      await expect(visitor.getByText(RULE)).toBeVisible();
      const form = visitor.getByRole('form', { name: 'Set a new password' });
      await form.getByLabel('New password', { exact: true }).fill('Griffins77x');
      await form.getByLabel('Confirm new password').fill('Griffins77x');
      await form.getByRole('button', { name: 'Set new password' }).click();
      await expect(visitor).toHaveURL(/\/login\?reset=1$/);
      await expect(visitor.getByRole('status')).toHaveText('Your new password is set. Log in with it.');
      // The first browser's session ended with the reset.
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/login/);
      // The link works once.
      await visitor.goto(link);
      await expect(visitor.getByRole('alert')).toContainText('invalid or has expired');
      await context.close();
    });
  });
}

test('the register screen states the password rule', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByText(RULE)).toBeVisible();
});
