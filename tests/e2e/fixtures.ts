import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

export const PASSWORD = 'Dragons4ever';

/** A fresh registration code from the running server, the way an administrator gets one. */
export async function inviteCode(): Promise<string> {
  const lock = JSON.parse(fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, 'tomekeeper.lock'), 'utf8'));
  const response = await fetch(`http://127.0.0.1:${lock.port}/api/admin/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-secret': lock.secret },
    body: JSON.stringify({ command: 'invite', args: [] }),
  });
  const body = (await response.json()) as { lines: string[] };
  return body.lines.at(-1)!;
}

let counter = 0;
export function uniqueName(prefix = 'gm') {
  return `${prefix}${Date.now().toString(36)}${++counter}`;
}

/** Registers a new account through the API with this request context, which keeps its session cookie. */
async function register(request: APIRequestContext, username: string): Promise<{ username: string; token: string }> {
  const code = await inviteCode();
  const response = await request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: PASSWORD, registration_code: code },
  });
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { username, token };
}

/**
 * A new account of its own, registered through the API, and the page signed in as it: for tests
 * about one account (registering, a password changed, sessions ended, what another user cannot see).
 */
export async function signIn(page: Page, username = uniqueName()): Promise<{ username: string; token: string }> {
  return register(page.request, username);
}

/** A second browser, signed out: the player's own machine. */
export async function playerPage(browser: Browser, baseURL: string, js: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
  return context.newPage();
}

export async function registerThroughInvite(page: Page, link: string, username: string) {
  await page.goto(link);
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Email').fill(`${username}@example.com`);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm passphrase').fill(PASSWORD);
  await form.getByRole('button', { name: 'Register' }).click();
}

/**
 * `user`: an account of the test's own, registered through the API, its session cookie in the
 * page's context. Not one account per worker: the tests read lists, defaults and unique names that
 * a shared account's earlier tests would change (ADR 0310).
 */
export const test = base.extend<{ user: { username: string; token: string } }>({
  user: async ({ page }, use) => {
    await use(await signIn(page));
  },
});
export { expect };

/** Resolves once the page has started to hydrate (entry.client.tsx's mark): its links and forms are the live ones from then on. */
export async function pageIsLive(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('tomekeeper:hydrate').length > 0);
}
