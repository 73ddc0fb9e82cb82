import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Browser, type Page } from '@playwright/test';

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

/** Registers through the API and signs the page in with the session cookie. */
export async function signIn(page: Page, username = uniqueName()): Promise<{ username: string; token: string }> {
  const code = await inviteCode();
  const response = await page.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: PASSWORD, registration_code: code },
  });
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { username, token };
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

export const test = base.extend<{ user: { username: string; token: string } }>({
  user: async ({ page }, use) => {
    await use(await signIn(page));
  },
});
export { expect };
