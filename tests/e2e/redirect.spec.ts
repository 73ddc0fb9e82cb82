import { expect, test, uniqueName, inviteCode, PASSWORD } from './fixtures';

// After login the browser goes only to a path on this site, however redirectTo is dressed up.
for (const javaScriptEnabled of [true, false]) {
  test(`login never redirects off-site (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    const username = uniqueName('redir');
    const registered = await page.request.post('/api/auth/register', {
      data: { username, email: `${username}@example.com`, password: PASSWORD, registration_code: await inviteCode() },
    });
    expect(registered.status()).toBe(200);
    await page.request.post('/api/auth/logout', { headers: { origin: baseURL! } });
    await context.clearCookies();
    for (const target of ['%2F%09%2Fother.example', '%2F%5Cother.example', '%2F%0A%2Fother.example', '%2F%2Fother.example']) {
      await page.goto(`/login?redirectTo=${target}`);
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
      // Leave the dashboard first: its live pieces would meet the ended session and navigate
      // to /login themselves, racing the next goto.
      await page.goto('about:blank');
      await context.clearCookies();
    }
    await context.close();
  });
}
