import { describe, expect, it } from 'vitest';
import { ExtractionError } from './errors';
import { extractDocument, validateUpload } from './index';
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

  it('gives up after the timeout instead of hanging', async () => {
    const long = buildPdf(Array.from({ length: 60 }, (_, i) => [`Page ${i + 1} of a long book.`]));
    const error = await failure(extractDocument(long, 'long.pdf', { pdfTimeoutMs: 1 }));
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
