import { expect, inviteCode, PASSWORD, signIn, test, uniqueName } from './fixtures';

test.describe('accounts in real Chromium', () => {
  test('register, logout, login and return to the page first asked for', async ({ page }) => {
    const username = uniqueName('aria');
    await page.goto('/timeline');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Ftimeline/);

    await page.goto('/register');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm passphrase').fill('Different1');
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Register' })).toBeDisabled();
    await page.getByLabel('Confirm passphrase').fill(PASSWORD);
    await page.getByLabel('Registration code').fill('TOME-WRONG-CODE');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid registration code. Please contact your administrator.');

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm passphrase').fill(PASSWORD);
    await page.getByLabel('Registration code').fill(await inviteCode());
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('nav-username')).toHaveText(username);
    await expect(page.getByRole('link', { name: 'Campaign Assistant' })).toBeVisible();
    await expect(page.getByTestId('usage-banner')).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('link', { name: 'Register' })).toBeVisible();

    await page.goto('/concept-map');
    await expect(page).toHaveURL(/redirectTo=%2Fconcept-map/);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('WrongPass1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password. Please check your credentials.');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/concept-map$/);
    await expect(page.getByRole('heading', { name: 'Concept Map', level: 1 })).toBeVisible();

    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the Request Access form checks the password rule as you type', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Request Access' }).click();
    await expect(page.getByRole('heading', { name: 'Request Access' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Request Access' });
    await page.getByLabel('Password').fill('short');
    await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
    await expect(submit).toBeDisabled();
    await page.getByLabel('Password').fill('longenough1');
    await expect(page.getByText('Password must contain uppercase, lowercase, and numeric characters')).toBeVisible();
    await page.getByLabel('Password').fill('LongEnough1');
    await expect(submit).toBeEnabled();
    const username = uniqueName('req');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Registration code').fill(await inviteCode());
    await submit.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('link', { name: 'Timeline' }).click();
    await expect(page).toHaveURL(/\/timeline$/);
  });

  test('a session ended on the server sends a live page back to login', async ({ page }) => {
    // An account of its own: its session ends here.
    const user = await signIn(page);
    await page.goto('/dashboard?tab=campaigns');
    await expect(page.getByTestId('nav-username')).toHaveText(user.username);
    await expect(page.getByText('Checking your adventurer credentials')).toHaveCount(0);
    await page.request.post('/api/auth/logout', { headers: { authorization: `Bearer ${user.token}` } });
    // A live piece (the usage banner, refreshed after an AI call) meets the 401. Another live
    // piece may meet it first and leave the page while this runs: the outcome is the same.
    await page
      .evaluate(() => window.dispatchEvent(new Event('tomekeeper:usage-updated')))
      .catch((error: Error) => {
        if (!/Execution context was destroyed/.test(error.message)) throw error;
      });
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%3Ftab%3Dcampaigns/);
  });
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('register, logout, login and redirect back all work as plain forms', async ({ page }) => {
    const username = uniqueName('nojs');
    await page.goto('/register');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm passphrase').fill('Mismatch99');
    await page.getByLabel('Registration code').fill(await inviteCode());
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm passphrase').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/timeline');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/timeline$/);
    await expect(page.getByTestId('nav-username')).toHaveText(username);
  });

  test('Request Access works without JavaScript and shows the server rule', async ({ page }) => {
    await page.goto('/login?mode=request');
    const username = uniqueName('nojsreq');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password').fill('weakpassword');
    await page.getByLabel('Registration code').fill(await inviteCode());
    await page.getByRole('button', { name: 'Request Access' }).click();
    await expect(page.getByRole('alert')).toHaveText('Password must contain uppercase, lowercase, and numeric characters');
  });
});
