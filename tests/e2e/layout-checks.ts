import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** The four screen sizes every screen must work at (brief: phone, tablet, laptop, desktop). */
export const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'laptop', width: 1280, height: 720 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;
export type Size = (typeof SIZES)[number];

/** Touch sizes: where every tap target must be at least 44 px tall and wide. */
export const isTouchSize = (size: Size) => size.width <= 1024;
export const TAP_TARGET = 44;

/** The page never scrolls sideways, and an open dialog fits the viewport and its content fits the dialog. */
export async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const dialogs = [...document.querySelectorAll('dialog[open]')].map((dialog) => {
      const rect = dialog.getBoundingClientRect();
      return {
        left: Math.round(rect.left),
        right: Math.round(rect.right),
        contentOverflow: dialog.scrollWidth - dialog.clientWidth,
        label: dialog.getAttribute('aria-labelledby') ?? dialog.className,
      };
    });
    return { viewport, scrollWidth: document.documentElement.scrollWidth, bodyWidth: document.body.scrollWidth, dialogs };
  });
  expect(overflow.scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(overflow.viewport);
  expect(overflow.bodyWidth, 'the body scrolls sideways').toBeLessThanOrEqual(overflow.viewport);
  for (const dialog of overflow.dialogs) {
    expect(dialog.left, `dialog ${dialog.label} starts off-screen`).toBeGreaterThanOrEqual(0);
    expect(dialog.right, `dialog ${dialog.label} ends off-screen`).toBeLessThanOrEqual(overflow.viewport);
    expect(dialog.contentOverflow, `dialog ${dialog.label} content bleeds sideways`).toBeLessThanOrEqual(0);
  }
}

/**
 * Every visible control a finger aims at is at least 44x44 px. Links inside running text
 * (a sentence, a citation, rendered markdown) are exempt, as WCAG 2.5.8 exempts inline targets.
 */
export async function expectTapTargets(page: Page) {
  const small = await page.evaluate((min) => {
    const root = document.querySelector('dialog[open]') ?? document;
    const selector = [
      'button',
      'a.button',
      'a.tab',
      '.nav a',
      '.nav label',
      'select',
      'textarea',
      'summary',
      'input:not([type=hidden]):not([type=checkbox]):not([type=radio])',
      'label.checkbox',
      '.campaign-choice',
      '.history-item',
      '.example-prompt',
    ].join(',');
    const exempt = 'p a, li > p a, .markdown-body a, .chat-text a, .citations a, .content-sources a, td a';
    return [...root.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => !el.matches(exempt))
      .filter((el) => {
        const style = getComputedStyle(el);
        const rect = el.getBoundingClientRect();
        return style.visibility !== 'hidden' && style.display !== 'none' && rect.width > 0 && rect.height > 0 && !el.closest('[hidden], .sr-only');
      })
      .map((el) => ({ el, rect: el.getBoundingClientRect() }))
      .filter(({ rect }) => rect.height < min - 0.5 || rect.width < min - 0.5)
      .map(
        ({ el, rect }) =>
          `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 30)}" ${Math.round(rect.width)}x${Math.round(rect.height)}`,
      );
  }, TAP_TARGET);
  expect(small, 'tap targets under 44 px').toEqual([]);
}

/** The screen's main action can be reached, is on screen once scrolled to, and takes a click. */
export async function expectMainAction(page: Page, action: Locator) {
  await action.scrollIntoViewIfNeeded({ timeout: 10_000 });
  await expect(action).toBeVisible();
  await expect(action).toBeInViewport();
  const box = (await action.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x, 'main action starts off-screen').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'main action ends off-screen').toBeLessThanOrEqual(width + 0.5);
  // A trial click waits for the element to be visible, stable, enabled and not covered by another.
  await action.click({ trial: true, timeout: 10_000 });
}

/**
 * Keeps a screenshot of what the GM sees (the viewport) under test-results (and
 * CI_RESULTS_DIR/screenshots when set). A whole page with E2E_FULL_PAGE_SCREENSHOTS=1: Chromium
 * lays a full page out again at its whole height to take it, 1.7 CPU-seconds for a 6,000 px page
 * against 0.25 for the viewport, and the suite keeps about 200 of them.
 */
export async function keepScreenshot(page: Page, testInfo: TestInfo, size: Size, name: string) {
  const file = `${size.name}-${size.width}x${size.height}-${name}.png`;
  const target = testInfo.outputPath(file);
  // A modal is always shown as the GM sees it (the viewport).
  const wholePage = process.env.E2E_FULL_PAGE_SCREENSHOTS === '1' && (await page.locator('dialog[open]').count()) === 0;
  await page.screenshot({ path: target, fullPage: wholePage });
  const ci = process.env.CI_RESULTS_DIR;
  if (ci) {
    const dir = path.join(ci, 'screenshots');
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(target, path.join(dir, file));
  }
  await testInfo.attach(file, { path: target, contentType: 'image/png' });
}
