import { test as base, type Page } from '@playwright/test';

/**
 * `workerPage`: one browser page a worker keeps from test to test, for tests that only look at
 * screens (each test sets its size, signs in or out and loads what it checks). A new context and
 * page cost Chromium about 1.9 CPU-s before a test does anything, a navigation in an open page
 * 0.26 (bench/e2e/page-cost.ts; ADR 0363). Tests that change what the account holds, or depend on
 * what a fresh context has not seen yet, keep the `page` of their own.
 */
export const test = base.extend<object, { workerPage: Page }>({
  workerPage: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
});
