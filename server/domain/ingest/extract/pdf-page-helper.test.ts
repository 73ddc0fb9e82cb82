import { describe, expect, it } from 'vitest';
import { readPagesInHelperThread } from './pdf-page-helper';
import { buildPdf } from './test-fixtures';

const pdf = buildPdf([['**The Ember Gate', 'The first page.'], ['The second page.', '**The Ash Crown'], ['The third page.']]);

describe('the second thread reading a PDF', () => {
  it("delivers the pages it was given, its fonts named apart from the asking thread's", async () => {
    const delivered: [number, string, string][] = [];
    const helper = readPagesInHelperThread(pdf, 2, 3, (page, lines) => delivered.push(...lines.map((l) => [page, l.text, l.font] as [number, string, string])));
    expect(await helper.ended).toBe(true);
    expect(delivered.map(([page, text]) => [page, text])).toEqual([
      [2, 'The second page.'],
      [2, 'The Ash Crown'],
      [3, 'The third page.'],
    ]);
    expect(delivered.every(([, , font]) => / \(second thread\)$/.test(font))).toBe(true);
    // The body font and the bold one keep two names.
    expect(new Set(delivered.map(([, , font]) => font)).size).toBe(2);
  });

  it('says when it did not deliver every page it was given, so the asking thread reads them', async () => {
    const delivered: number[] = [];
    const helper = readPagesInHelperThread(pdf, 3, 5, (page) => delivered.push(page));
    expect(await helper.ended).toBe(false);
    expect(delivered).toEqual([3]);
  });

  it('stops at once when asked', async () => {
    const long = buildPdf(Array.from({ length: 400 }, (_, i) => [`Line ${i} of a long book, read slowly.`]));
    const delivered: number[] = [];
    const helper = readPagesInHelperThread(long, 1, 400, (page) => delivered.push(page));
    helper.stop();
    expect(await helper.ended).toBe(false);
    const seen = delivered.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(delivered.length).toBe(seen);
  });
});
