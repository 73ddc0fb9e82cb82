/**
 * A PDF page's text as lines: what each of the threads reading a PDF does (pdf.ts, pdf-page-thread.ts).
 * Reading a page's text content is most of a PDF's reading time; everything after it works on these lines.
 */

export interface Line {
  text: string;
  y: number;
  size: number;
  font: string;
  fonts: string[];
  singleFont: boolean;
}

interface TextItemLike {
  str: string;
  transform: number[];
  hasEOL: boolean;
  fontName: string;
}

/**
 * PDF.js through unpdf, on the pdfjs-dist the viewer uses: one PDF.js in the project. pdfjs-dist is
 * pinned to the release unpdf bundles (6.1.200 for unpdf 1.8), so upgrade the two together
 * (pdf-version.test.ts fails otherwise). Loaded on first use: it is large, and most reading
 * processes never need it.
 */
async function loadPdfJs() {
  const { definePDFJSModule, getResolvedPDFJS } = await import('unpdf');
  await definePDFJSModule(() => import('pdfjs-dist/legacy/build/pdf.mjs'));
  return getResolvedPDFJS();
}

/** Opens a PDF for reading its text. The caller destroys the task when done. */
export async function openPdf(bytes: Uint8Array) {
  const { getDocument } = await loadPdfJs();
  return getDocument({
    // A copy, as a plain Uint8Array: PDF.js may take ownership of the buffer it is given, and it
    // refuses Node Buffers (what postgres.js hands back for bytea).
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
}

/** What openPdf gives: the loading task, whose `promise` is the document. */
export type PdfTask = Awaited<ReturnType<typeof openPdf>>;
export type OpenedPdf = Awaited<PdfTask['promise']>;

export interface ReadOptions {
  /** Bounds each of PDF.js's steps (a deadline, a cancellation). */
  guard?: <T>(step: Promise<T>) => Promise<T>;
  /**
   * Added to every font name. PDF.js names a font by the order the document it opened met it in,
   * so two threads, each with its own copy of the document, give one font two names, or two fonts
   * one name: the second thread's fonts are kept apart by this suffix (pdf-page-thread.ts).
   */
  fontSuffix?: string;
}

/** One page's lines. */
export async function readPageLines(pdf: OpenedPdf, pageNumber: number, { guard = (step) => step, fontSuffix = '' }: ReadOptions = {}): Promise<Line[]> {
  const page = await guard(pdf.getPage(pageNumber));
  const content = await guard(page.getTextContent());
  page.cleanup();
  return toLines(content.items, fontSuffix);
}

function toLines(items: unknown[], fontSuffix: string): Line[] {
  const lines: Line[] = [];
  let text = '';
  let y = 0;
  let size = 0;
  const fonts = new Map<string, number>();
  const push = () => {
    if (text.trim()) {
      const [font] = [...fonts.entries()].sort((a, b) => b[1] - a[1])[0];
      lines.push({ text: text.trim(), y, size, font, fonts: [...fonts.keys()], singleFont: fonts.size === 1 });
    }
    text = '';
    size = 0;
    fonts.clear();
  };
  for (const raw of items) {
    const item = raw as Partial<TextItemLike>;
    if (typeof item.str !== 'string' || !item.transform) continue;
    const itemSize = Math.round(Math.hypot(item.transform[2], item.transform[3]) * 10) / 10;
    const itemY = item.transform[5];
    if (item.str.trim()) {
      if (text.trim() && Math.abs(itemY - y) > Math.max(itemSize, size) * 0.6) push();
      if (!text.trim()) y = itemY;
      size = Math.max(size, itemSize);
      const font = `${item.fontName ?? ''}${fontSuffix}`;
      fonts.set(font, (fonts.get(font) ?? 0) + item.str.trim().length);
    }
    text += item.str;
    if (item.hasEOL) push();
  }
  push();
  return lines;
}
