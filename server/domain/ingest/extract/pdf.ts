import { BlockBuilder } from './blocks';
import { ExtractionError, errors } from './errors';
import { type PageHelper, readPagesInHelperThread } from './pdf-page-helper';
import { type Line, openPdf, type PdfTask, readPageLines } from './pdf-pages';

/**
 * PDFs, page by page through unpdf (PDF.js). Each page's text items are assembled into lines
 * and lines into paragraphs (a gap wider than the line spacing, a change of size, or a jump
 * upwards to a new column ends a paragraph). Headings are lines set larger than the body text,
 * or in a font the document uses for its larger headings; levels follow the sizes.
 * Running headers/footers repeated on most pages, and bare page numbers, are dropped.
 * Every block carries its page; a page-break block precedes each page.
 */

export function isPdf(bytes: Uint8Array): boolean {
  const head = String.fromCharCode(...bytes.subarray(0, 1024));
  return head.includes('%PDF-');
}

interface PdfOptions {
  timeoutMs: number;
  onProgress?: (page: number, pageCount: number) => void;
  signal?: AbortSignal;
  /** 2: a PDF of TWO_THREADS_FROM_PAGES pages or more is read on two threads. */
  threads: 1 | 2;
}

const TIMEOUT = Symbol('timeout');
const ABORTED = Symbol('aborted');

/** The promise, unless the deadline passes or the signal aborts first. An abandoned promise's rejection is swallowed. */
function within<T>(promise: Promise<T>, deadline: number, signal?: AbortSignal): Promise<T> {
  promise.catch(() => undefined);
  return new Promise<T>((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(TIMEOUT);
    if (signal?.aborted) return reject(ABORTED);
    const onAbort = () => reject(ABORTED);
    const timer = setTimeout(() => reject(TIMEOUT), remaining);
    signal?.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    });
  });
}

const PAGE_NUMBER = /^(page\s*)?[-–—]?\s*\d{1,4}\s*[-–—]?(\s*(of|\/)\s*\d{1,4})?$/i;
const signature = (text: string) => text.replace(/\d+/g, '#').toLowerCase();

/** Drops bare page numbers and running headers/footers seen at the same place on most pages. */
function dropRunningLines(pages: Line[][]): void {
  const count = (pick: (lines: Line[]) => Line | undefined) => {
    const seen = new Map<string, number>();
    for (const lines of pages) {
      const line = pick(lines);
      if (line) seen.set(signature(line.text), (seen.get(signature(line.text)) ?? 0) + 1);
    }
    return seen;
  };
  const firsts = count((l) => l[0]);
  const lasts = count((l) => l[l.length - 1]);
  const repeated = (seen: Map<string, number>, line: Line | undefined) =>
    line !== undefined && pages.length >= 3 && (seen.get(signature(line.text)) ?? 0) >= Math.max(3, pages.length * 0.5);
  for (const lines of pages) {
    if (lines.length && (PAGE_NUMBER.test(lines[lines.length - 1].text) || repeated(lasts, lines[lines.length - 1]))) lines.pop();
    if (lines.length && (PAGE_NUMBER.test(lines[0].text) || repeated(firsts, lines[0]))) lines.shift();
  }
}

interface Typography {
  body: number;
  /** Fonts the document sets its larger headings in. */
  headingFonts: Set<string>;
  /** Body-size fonts only ever seen on lines of their own, like bold run-in titles. */
  standaloneFonts: Set<string>;
  levels: number[];
}

const isLarger = (size: number, body: number) => size >= body * 1.1 && size - body >= 0.8;
const sameSize = (a: number, b: number) => Math.abs(a - b) < 0.8;

function typography(pages: Line[][]): Typography {
  const bySize = new Map<number, number>();
  const byFont = new Map<string, number>();
  for (const lines of pages) {
    for (const l of lines) {
      bySize.set(l.size, (bySize.get(l.size) ?? 0) + l.text.length);
      byFont.set(l.font, (byFont.get(l.font) ?? 0) + l.text.length);
    }
  }
  const body = [...bySize.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  const bodyFont = [...byFont.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  const headingFonts = new Set<string>();
  const headingSizes = new Set<number>();
  const alone = new Map<string, number>();
  const mixed = new Map<string, number>();
  for (const lines of pages) {
    for (const l of lines) {
      if (isLarger(l.size, body) && l.text.length <= 200) {
        headingFonts.add(l.font);
        headingSizes.add(Math.round(l.size * 2) / 2);
      }
      if (l.singleFont && sameSize(l.size, body) && l.text.length <= 120 && !/[.;,]$/.test(l.text)) {
        alone.set(l.font, (alone.get(l.font) ?? 0) + 1);
      } else for (const f of l.fonts) mixed.set(f, (mixed.get(f) ?? 0) + 1);
    }
  }
  const standaloneFonts = new Set<string>();
  for (const [font, count] of alone) {
    const other = mixed.get(font) ?? 0;
    if (font !== bodyFont && !headingFonts.has(font) && count >= 3 && other <= count * 0.05) standaloneFonts.add(font);
  }
  return { body, headingFonts, standaloneFonts, levels: [...headingSizes].sort((a, b) => b - a) };
}

/** The heading level of a line, or undefined for body text. */
function headingLevel(line: Line, t: Typography): number | undefined {
  if (line.text.length > 200 || !/\p{L}/u.test(line.text)) return undefined;
  if (isLarger(line.size, t.body)) {
    const rank = t.levels.indexOf(Math.round(line.size * 2) / 2);
    return Math.min(6, (rank < 0 ? t.levels.length : rank) + 1);
  }
  if (!line.singleFont || !sameSize(line.size, t.body) || line.text.length > 120) return undefined;
  if (t.headingFonts.has(line.font)) return Math.min(6, t.levels.length + 1);
  if (t.standaloneFonts.has(line.font) && !/[.;,]$/.test(line.text)) return Math.min(6, t.levels.length + 2);
  return undefined;
}

function joinLines(a: string, b: string): string {
  if (/\p{L}-$/u.test(a) && /^\p{Ll}/u.test(b)) return a + b;
  return `${a} ${b}`;
}

function emitPage(lines: Line[], t: Typography, out: BlockBuilder): void {
  let text = '';
  let heading: number | undefined;
  let previous: Line | undefined;
  const flush = () => {
    // A long run of 'heading' lines is really a paragraph set in a display font.
    if (heading !== undefined && text.length <= 200) out.heading(text, heading);
    else out.paragraph(text);
    text = '';
  };
  for (const line of lines) {
    const lineHeading = headingLevel(line, t);
    let breaks = previous === undefined || lineHeading !== heading;
    if (previous && !breaks) {
      const gap = previous.y - line.y;
      const spacing = Math.max(previous.size, line.size);
      breaks = gap > spacing * 1.45 || gap < -spacing * 0.5 || Math.abs(previous.size - line.size) >= 0.8;
    }
    if (breaks && text) flush();
    heading = lineHeading;
    text = text ? joinLines(text, line.text) : line.text;
    previous = line;
  }
  if (text) flush();
}

function classify(error: unknown, timeoutMs: number): ExtractionError {
  if (error instanceof ExtractionError) return error;
  if (error === TIMEOUT) return errors.timedOut('pdf', timeoutMs);
  if (error === ABORTED) return errors.aborted();
  const name = (error as { name?: string } | null)?.name ?? '';
  if (name === 'PasswordException') return errors.encrypted('pdf');
  return errors.damaged('pdf', error);
}

/** With two threads asked for, from this many pages on a second thread reads pages beside the first (pdf-page-helper.ts). */
export const TWO_THREADS_FROM_PAGES = 32;

export async function extractPdf(bytes: Uint8Array, out: BlockBuilder, options: PdfOptions): Promise<number> {
  const deadline = Date.now() + options.timeoutMs;
  const guard = <T>(step: Promise<T>) => within(step, deadline, options.signal);
  let task: PdfTask | undefined;
  let helper: PageHelper | undefined;
  try {
    task = await openPdf(bytes);
    const pdf = await guard(task.promise);
    const pageCount = pdf.numPages;
    const pages: Line[][] = new Array(pageCount);
    let read = 0;
    const progress = () => options.onProgress?.(Math.min(++read, pageCount), pageCount);
    // With two threads, a large PDF's second half is read beside the first, on the other core.
    const half = options.threads === 2 && pageCount >= TWO_THREADS_FROM_PAGES ? Math.ceil(pageCount / 2) : pageCount;
    if (half < pageCount) {
      helper = readPagesInHelperThread(bytes, half + 1, pageCount, (page, lines) => {
        pages[page - 1] = lines;
        progress();
      });
    }
    for (let page = 1; page <= half; page++) {
      pages[page - 1] = await readPageLines(pdf, page, { guard });
      progress();
    }
    // When the second thread did not deliver its half, it is read here: all of it, so a page's
    // fonts are never named by the other thread's copy of the document when the next page's are not.
    if (helper && !(await guard(helper.ended))) {
      for (let page = half + 1; page <= pageCount; page++) {
        pages[page - 1] = await readPageLines(pdf, page, { guard });
        progress();
      }
    }
    dropRunningLines(pages);
    const t = typography(pages);
    pages.forEach((lines, index) => {
      out.pageBreak(index + 1);
      emitPage(lines, t, out);
    });
    return pageCount;
  } catch (error) {
    helper?.stop();
    throw classify(error, options.timeoutMs);
  } finally {
    await task?.destroy().catch(() => undefined);
  }
}
