import { describe, expect, it } from 'vitest';
import { ExtractionError } from './errors';
import { extractDocument, validateUpload } from './index';
import { TWO_THREADS_FROM_PAGES } from './pdf';
import { buildPdf } from './test-fixtures';

const twoPages = buildPdf([['The Vault of Ashes', 'Dragons sleep beneath the mountain.'], ['Page two speaks of the Ember Crown.']]);

async function failure(promise: Promise<unknown>): Promise<ExtractionError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

describe('PDF extraction', () => {
  it('keeps each page apart and numbers the blocks', async () => {
    const progress: [number, number][] = [];
    const doc = await extractDocument(twoPages, 'vault.pdf', { onProgress: (page, count) => progress.push([page, count]) });
    expect(doc.fileType).toBe('pdf');
    expect(doc.pageCount).toBe(2);
    expect(progress).toEqual([
      [1, 2],
      [2, 2],
    ]);
    const byPage = (page: number) =>
      doc.blocks
        .filter((b) => b.kind !== 'page-break' && b.page === page)
        .map((b) => b.text)
        .join(' ');
    expect(byPage(1)).toBe('The Vault of Ashes Dragons sleep beneath the mountain.');
    expect(byPage(2)).toBe('Page two speaks of the Ember Crown.');
    expect(doc.blocks.filter((b) => b.kind === 'page-break').map((b) => b.page)).toEqual([1, 2]);
    expect(doc.text).toBe('The Vault of Ashes Dragons sleep beneath the mountain.\n\f\nPage two speaks of the Ember Crown.');
  });

  it('reports a PDF cut to 40% as damaged, found while extracting', async () => {
    const truncated = twoPages.subarray(0, Math.floor(twoPages.length * 0.4));
    expect(() => validateUpload(truncated, 'vault.pdf')).not.toThrow();
    const error = await failure(extractDocument(truncated, 'vault.pdf'));
    expect(error.code).toBe('damaged');
    expect(error.rejectAtUpload).toBe(false);
    expect(error.message).toBe('The PDF is damaged or incomplete; re-export it and upload it again.');
  });

  it('refuses an ELF binary named .pdf at upload', async () => {
    const elf = new Uint8Array(4096);
    elf.set([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]);
    for (let i = 7; i < elf.length; i++) elf[i] = (i * 7919) & 0xff;
    const attempts: (() => unknown)[] = [() => validateUpload(elf, 'rules.pdf'), () => extractDocument(elf, 'rules.pdf')];
    for (const attempt of attempts) {
      const error = await failure(Promise.resolve().then(attempt));
      expect(error.code).toBe('type_mismatch');
      expect(error.rejectAtUpload).toBe(true);
      expect(error.message).toMatch(/^The content does not match the \.pdf type: this is not a PDF file \(it looks like a Linux program\)/);
    }
  });

  it("reads a long PDF in two threads, each font known apart from the other thread's copy of the document", async () => {
    // Bold titles at the body's size are headings because their font is only ever set alone on a
    // line. PDF.js names fonts in the order a document meets them: the first half's pages meet the
    // bold font first, the second half's the body font, so the two threads' names for the two
    // fonts are swapped. Taken as one, the bold font would look mixed with body text.
    const titles = ['Ember', 'Ash', 'Frost', 'Stone', 'Tide'].flatMap((a) =>
      ['Gate', 'Crown', 'Vault', 'Road', 'Keep', 'Well', 'Spire', 'Ford'].map((b) => `The ${a} ${b}`),
    );
    const body = (title: string) => `${title} is where the story turns, and the party learns what was lost.`;
    const pages = titles.map((title, i) => (i < titles.length / 2 ? [`**${title}`, body(title)] : [body(title), `**${title}`]));
    expect(pages.length).toBeGreaterThanOrEqual(TWO_THREADS_FROM_PAGES);
    const progress: number[] = [];
    const doc = await extractDocument(buildPdf(pages), 'long.pdf', {
      pdfReadingThreads: 2,
      onProgress: (page, count) => {
        expect(count).toBe(pages.length);
        progress.push(page);
      },
    });
    expect(progress).toEqual(pages.map((_, i) => i + 1));
    const headings = doc.blocks.filter((b) => b.kind === 'heading');
    expect(headings.map((b) => [b.text, b.page])).toEqual(titles.map((title, i) => [title, i + 1]));
    const paragraphs = doc.blocks.filter((b) => b.kind === 'paragraph');
    expect(paragraphs.map((b) => [b.text, b.page])).toEqual(titles.map((title, i) => [body(title), i + 1]));
    // One thread, the default, reads the same document.
    expect((await extractDocument(buildPdf(pages), 'long.pdf')).blocks).toEqual(doc.blocks);
  });

  it.each([1, 2] as const)('gives up after the timeout instead of hanging (%i reading threads)', async (threads) => {
    const long = buildPdf(Array.from({ length: 60 }, (_, i) => [`Page ${i + 1} of a long book.`]));
    const error = await failure(extractDocument(long, 'long.pdf', { pdfTimeoutMs: 1, pdfReadingThreads: threads }));
    expect(error.code).toBe('parse_error');
    expect(error.message).toMatch(/took longer than 1 ms and was stopped/);
  });

  it('stops when the job is cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failure(extractDocument(twoPages, 'vault.pdf', { signal: controller.signal }));
    expect(error.message).toBe('Reading the file was cancelled.');
  });
});
