/**
 * Where a citation link points inside a document: `at=START-END` are character offsets of the
 * quote in the document's stored content (for a PDF, the pages joined by form feeds), `page`
 * the PDF page. The viewer reads them to open at the quote and mark it.
 */

export interface QuoteRange {
  start: number;
  end: number;
}

/** `at=120-245` as a range inside a content of this length; anything else is ignored (null). */
export function parseQuoteRange(at: string | null | undefined, contentLength: number): QuoteRange | null {
  const match = /^(\d{1,9})-(\d{1,9})$/.exec(at?.trim() ?? '');
  if (!match) return null;
  const start = Number(match[1]);
  const end = Number(match[2]);
  if (end <= start || end > contentLength) return null;
  return { start, end };
}

/** The 1-based page holding a character offset of a PDF's content (pages are joined by form feeds). */
export function pageAtOffset(content: string, offset: number): number {
  let page = 1;
  const stop = Math.min(offset, content.length);
  for (let i = content.indexOf('\f'); i !== -1 && i < stop; i = content.indexOf('\f', i + 1)) page++;
  return page;
}

/** A piece of text (one PDF text-layer span) and the part of it that the quote covers. */
export interface PieceRange {
  piece: number;
  start: number;
  end: number;
}

interface Located {
  char: string;
  piece: number;
  offset: number;
}

// Whitespace, soft hyphens and zero-width characters differ between extractors: they never count.
const IGNORED = /[\s\u00ad\u200b-\u200d\ufeff]/u;

function normalizedChars(text: string): string[] {
  const out: string[] = [];
  for (const ch of text) {
    for (const c of ch.normalize('NFKC').toLowerCase()) if (!IGNORED.test(c)) out.push(c);
  }
  return out;
}

/**
 * Finds a quote in text split into pieces (a PDF page's text-layer spans), ignoring whitespace,
 * case and ligatures, and says which part of each piece it covers. A quote not found whole is
 * looked for by its opening words, so a long quote still marks where it starts. [] if absent.
 */
export function locateQuote(pieces: readonly string[], quote: string): PieceRange[] {
  const located: Located[] = [];
  pieces.forEach((text, piece) => {
    let offset = 0;
    for (const ch of text) {
      for (const c of ch.normalize('NFKC').toLowerCase()) if (!IGNORED.test(c)) located.push({ char: c, piece, offset });
      offset += ch.length;
    }
  });
  const haystack = located.map((entry) => entry.char).join('');
  const needle = normalizedChars(quote).join('');
  if (needle.length === 0) return [];
  let from = haystack.indexOf(needle);
  let length = needle.length;
  if (from === -1 && needle.length > 40) {
    length = 40;
    from = haystack.indexOf(needle.slice(0, length));
  }
  if (from === -1) return [];
  const ranges: PieceRange[] = [];
  for (const entry of located.slice(from, from + length)) {
    const last = ranges.at(-1);
    const end = entry.offset + codePointLength(pieces[entry.piece], entry.offset);
    if (last && last.piece === entry.piece) last.end = Math.max(last.end, end);
    else ranges.push({ piece: entry.piece, start: entry.offset, end });
  }
  return ranges;
}

function codePointLength(text: string, offset: number): number {
  const code = text.codePointAt(offset) ?? 0;
  return code > 0xffff ? 2 : 1;
}

/** Splits text around a range: what comes before, the range itself, and what follows. */
export function splitAtRange(text: string, range: QuoteRange | null): [string, string, string] | null {
  if (!range || range.end > text.length) return null;
  return [text.slice(0, range.start), text.slice(range.start, range.end), text.slice(range.end)];
}
