import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedPath } from '../../../../tests/support/shared-dir';
import { chunkDocument } from '../chunk';
import { ExtractionError, extractDocument, validateUpload } from './index';
import { withDeclaredSize } from './test-fixtures';

/** The fixtures in ../shared/fixtures (see its README): every format must give its phrase, every hostile file its outcome. */

const formatsDir = sharedPath('fixtures', 'formats');
const hostileDir = sharedPath('fixtures', 'hostile');
const read = (dir: string, name: string) => new Uint8Array(fs.readFileSync(path.join(dir, name)));
const fold = (s: string) =>
  s
    .replace(/[‘’‚‛′]/g, "'")
    .replace(/[“”„‟″]/g, '"')
    .replace(/\s+/g, ' ')
    .toLowerCase();
const timings: [string, number][] = [];
const memoryGrowth = new Map<string, number>();

/** Growth of resident memory since the call, current or peak, whichever is larger. */
function measureGrowth(): () => number {
  const rss = process.memoryUsage().rss;
  const peak = process.resourceUsage().maxRSS * 1024;
  return () => Math.max(process.memoryUsage().rss - rss, process.resourceUsage().maxRSS * 1024 - peak);
}
const MB = 1024 * 1024;

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await run();
  } finally {
    timings.push([label, Math.round(performance.now() - started)]);
  }
}

async function failureOf(run: () => unknown): Promise<ExtractionError> {
  const error = await Promise.resolve()
    .then(run)
    .then(
      () => undefined,
      (e: unknown) => e,
    );
  expect(error, 'expected an ExtractionError').toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

/** The "formats/" table of the README: file → phrase its extracted text must contain. */
function expectedPhrases(): Map<string, string> {
  const readme = fs.readFileSync(sharedPath('fixtures', 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## formats/'), readme.indexOf('## hostile/'));
  const phrases = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length >= 5 && /\.\w+$/.test(cells[1]) && cells[1] !== 'file') phrases.set(cells[1], cells[3]);
  }
  return phrases;
}

afterAll(() => {
  console.log(`corpus extraction timings (ms):\n${timings.map(([label, ms]) => `  ${label.padEnd(42)} ${ms}`).join('\n')}`);
  for (const [label, bytes] of memoryGrowth)
    console.log(`memory growth, ${label}: ${(bytes / MB).toFixed(1)} MB (a budget of bench/ingest/budgets.ts, not asserted here)`);
});

describe('hostile fixtures', () => {
  // First in the file, so the process's peak RSS has not yet been raised by the large PDF.
  it('zip-bomb.docx: refused before inflating past the limit, memory stays bounded', async () => {
    const bomb = read(hostileDir, 'zip-bomb.docx');
    const growth = measureGrowth();

    const atUpload = await failureOf(() => validateUpload(bomb, 'zip-bomb.docx'));
    expect(atUpload).toMatchObject({ code: 'archive_limits', rejectAtUpload: true });
    expect(atUpload.message).toBe('The archive expands to more than 50 MB; it looks like a zip bomb and was refused.');
    const inJob = await timed('zip-bomb.docx', () => failureOf(() => extractDocument(bomb, 'zip-bomb.docx')));
    expect(inJob.code).toBe('archive_limits');
    memoryGrowth.set('zip-bomb.docx', growth());

    // The same bomb claiming its 1 GiB document.xml is 10 MB: only the streaming cap can catch it.
    const liar = withDeclaredSize(bomb, 'word/document.xml', 10 * MB);
    expect(() => validateUpload(liar, 'liar.docx')).not.toThrow();
    const caught = await timed('zip-bomb.docx (lying sizes)', () => failureOf(() => extractDocument(liar, 'liar.docx')));
    expect(caught).toMatchObject({ code: 'archive_limits', rejectAtUpload: false });
    memoryGrowth.set('zip-bomb.docx, lying sizes (after both)', growth());
  });

  it('truncated.pdf: passes the upload check, then fails as damaged', async () => {
    const bytes = read(hostileDir, 'truncated.pdf');
    expect(validateUpload(bytes, 'truncated.pdf')).toBe('pdf');
    const error = await timed('truncated.pdf', () => failureOf(() => extractDocument(bytes, 'truncated.pdf')));
    expect(error).toMatchObject({ code: 'damaged', rejectAtUpload: false });
    expect(error.message).toBe('The PDF is damaged or incomplete; re-export it and upload it again.');
  });

  it('not-a-pdf.pdf: rejected at upload, the content does not match .pdf', async () => {
    const error = await failureOf(() => validateUpload(read(hostileDir, 'not-a-pdf.pdf'), 'not-a-pdf.pdf'));
    expect(error).toMatchObject({ code: 'type_mismatch', rejectAtUpload: true });
    expect(error.message).toMatch(/^The content does not match the \.pdf type: this is not a PDF file/);
  });

  it('empty.txt: rejected at upload as empty', async () => {
    const error = await failureOf(() => validateUpload(read(hostileDir, 'empty.txt'), 'empty.txt'));
    expect(error).toMatchObject({ code: 'empty_file', rejectAtUpload: true });
    expect(error.message).toMatch(/^The file is empty\./);
  });

  it('binary-noise.txt: rejected at upload as not text', async () => {
    const error = await failureOf(() => validateUpload(read(hostileDir, 'binary-noise.txt'), 'binary-noise.txt'));
    expect(error).toMatchObject({ code: 'not_text', rejectAtUpload: true });
    expect(error.message).toMatch(/^This file does not look like text/);
  });

  it('billion-laughs.xml: no entity expansion, literal text', async () => {
    const doc = await timed('billion-laughs.xml', () => extractDocument(read(hostileDir, 'billion-laughs.xml'), 'billion-laughs.xml'));
    expect(doc.text).toContain('&lol9;');
    expect(doc.text).not.toContain('lollol');
    expect(doc.text.length).toBeLessThan(100);
  });

  it('broken.json: readable as text', async () => {
    const doc = await extractDocument(read(hostileDir, 'broken.json'), 'broken.json');
    expect(doc.text).toContain('"name": "Orc", "hp": 15');
  });

  it('latin1.txt and utf16.txt: accents and apostrophe survive', async () => {
    const latin1 = await extractDocument(read(hostileDir, 'latin1.txt'), 'latin1.txt');
    expect(latin1.text).toBe('Les règles du maître: épée, bâton, créature.');
    const utf16 = await extractDocument(read(hostileDir, 'utf16.txt'), 'utf16.txt');
    expect(utf16.text).toBe('The dragon’s hoard lies beneath the mountain.');
  });

  it('xss.md: stored as text, markup kept literally (never rendered here)', async () => {
    const doc = await extractDocument(read(hostileDir, 'xss.md'), 'xss.md');
    expect(doc.blocks[0]).toMatchObject({ kind: 'heading', text: 'Harmless looking notes' });
    expect(doc.text).toContain('<script>alert("xss")</script>');
    expect(doc.text).toContain('[click me](javascript:alert(document.cookie))');
    expect(doc.text).toContain('<img src=x onerror="alert(\'xss\')">');
  });

  it('covers every hostile fixture', () => {
    expect(fs.readdirSync(hostileDir).sort()).toEqual([
      'billion-laughs.xml',
      'binary-noise.txt',
      'broken.json',
      'empty.txt',
      'latin1.txt',
      'not-a-pdf.pdf',
      'truncated.pdf',
      'utf16.txt',
      'xss.md',
      'zip-bomb.docx',
    ]);
  });
});

describe('format fixtures', () => {
  const phrases = expectedPhrases();

  it('the README lists a phrase for every file in formats/', () => {
    expect([...phrases.keys()].sort()).toEqual(fs.readdirSync(formatsDir).sort());
  });

  for (const [file, phrase] of phrases) {
    it(`${file} contains "${phrase}"`, async () => {
      const bytes = read(formatsDir, file);
      validateUpload(bytes, file);
      const doc = await timed(file, () => extractDocument(bytes, file));
      expect(fold(doc.text)).toContain(fold(phrase));
      // The phrase also survives chunking intact in some chunk (chunks never cut mid-sentence here).
      const chunks = chunkDocument(doc);
      expect(chunks.length).toBeGreaterThan(0);
      expect(chunks.some((c) => fold(c.content).includes(fold(phrase)))).toBe(true);
      for (const c of chunks) expect(c.tokenCount).toBeLessThanOrEqual(600);
    });
  }

  it('combat.pdf: 19 pages, the phrase cited on its page', async () => {
    const doc = await extractDocument(read(formatsDir, 'combat.pdf'), 'combat.pdf');
    expect(doc.pageCount).toBe(19);
    const phrase = fold('you die if the remaining damage equals or exceeds your hit point maximum');
    const pages = new Set(doc.blocks.filter((b) => b.kind !== 'page-break' && fold(b.text).includes(phrase)).map((b) => b.page));
    expect(pages.size).toBe(1);
    const [page] = pages;
    expect(page).toBeGreaterThanOrEqual(1);
    expect(page).toBeLessThanOrEqual(19);
    expect(doc.text.split('\f')).toHaveLength(19);
  });

  it('spellcasting.pdf: all 199 pages, with progress and page numbers on every block and chunk', async () => {
    const progress: number[] = [];
    const doc = await timed('spellcasting.pdf (with progress)', () =>
      extractDocument(read(formatsDir, 'spellcasting.pdf'), 'spellcasting.pdf', { onProgress: (page, count) => count === 199 && progress.push(page) }),
    );
    expect(doc.pageCount).toBe(199);
    expect(progress).toEqual(Array.from({ length: 199 }, (_, i) => i + 1));
    expect(doc.blocks.filter((b) => b.kind === 'page-break')).toHaveLength(199);
    expect(doc.blocks.every((b) => b.page !== undefined && b.page >= 1 && b.page <= 199)).toBe(true);
    const chunks = await timed('spellcasting.pdf chunking', async () => chunkDocument(doc));
    expect(new Set(chunks.map((c) => c.page)).size).toBeGreaterThan(190);
    expect(chunks.every((c) => c.page !== null && c.tokenCount <= 600)).toBe(true);
    const fireball = chunks.find((c) => c.content.includes('Each creature in a 20-foot-radius sphere'));
    expect(fireball?.headingPath).toMatch(/^Spellcasting > Spell Descriptions > /);
  });
});
