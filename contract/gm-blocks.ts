/**
 * `:::gm` blocks: passages of a Markdown, text or log document that only the game master sees.
 *
 *     The harbour is quiet at dusk.
 *     :::gm
 *     The harbourmaster is in the Salt Guild's pay.
 *     :::
 *     Fog rolls in from the estuary.
 *
 * A line holding only `:::gm` opens a block and a line holding only `:::` closes it (spaces
 * around them and the case of "gm" do not matter). Blocks do not nest. A block left open runs to
 * the end of the document, so a forgotten closing line hides too much rather than too little.
 * Marker lines inside a Markdown code fence are text, not markers. Other formats (PDF, Word…)
 * have no GM blocks: the whole document is shown or hidden with its visibility switch.
 *
 * The passages inside a block are indexed as GM-only (chunks.gm_only) and a player's view of the
 * document is the text with every block, marker lines included, cut out. This module is the one
 * place that reads the markup: the chunker, the player's viewer and citation offsets all use it.
 */
export const GM_BLOCK_OPEN = ':::gm';
export const GM_BLOCK_CLOSE = ':::';

/** The file types whose text may hold GM blocks (those stored as written). */
export const GM_BLOCK_FILE_TYPES: ReadonlySet<string> = new Set(['md', 'txt', 'log']);

export const hasGmBlockSupport = (fileType: string) => GM_BLOCK_FILE_TYPES.has(fileType.toLowerCase());

const OPEN = /^[ \t]*:::[ \t]*gm[ \t]*$/i;
const CLOSE = /^[ \t]*:::[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

export interface TextSegment {
  /** Offset of the segment's first character in the whole text. */
  start: number;
  text: string;
  gm: boolean;
}

/** Character ranges [start, end) of the text that only the GM sees: each block with its marker lines and their line breaks. */
export function gmRanges(text: string): Array<{ start: number; end: number }> {
  const ranges: Array<{ start: number; end: number }> = [];
  let open: number | null = null;
  let fence: string | null = null;
  let at = 0;
  while (at <= text.length) {
    const newline = text.indexOf('\n', at);
    const lineEnd = newline === -1 ? text.length : newline;
    const next = newline === -1 ? text.length : newline + 1;
    const line = text.slice(at, lineEnd).replace(/\r$/, '');
    if (open === null) {
      const fenceOpen = FENCE.exec(line);
      if (fence) {
        if (line.trim().startsWith(fence)) fence = null;
      } else if (fenceOpen) fence = fenceOpen[1];
      else if (OPEN.test(line)) open = at;
    } else if (CLOSE.test(line)) {
      ranges.push({ start: open, end: next });
      open = null;
    }
    if (newline === -1) break;
    at = next;
  }
  if (open !== null) ranges.push({ start: open, end: text.length });
  return ranges;
}

/**
 * The text cut into what everyone sees and what only the GM sees, in order. The marker lines
 * belong to no segment; an empty text between two blocks is left out.
 */
export function splitGmSegments(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let at = 0;
  const push = (start: number, end: number, gm: boolean) => {
    if (end > start && text.slice(start, end).trim() !== '') segments.push({ start, text: text.slice(start, end), gm });
  };
  for (const range of gmRanges(text)) {
    push(at, range.start, false);
    const body = gmBlockInner(text, range);
    push(body.start, body.end, true);
    at = range.end;
  }
  push(at, text.length, false);
  return segments;
}

/** A block's text without its marker lines. */
export function gmBlockInner(text: string, range: { start: number; end: number }): { start: number; end: number } {
  const afterOpen = text.indexOf('\n', range.start);
  const start = afterOpen === -1 || afterOpen >= range.end ? range.end : afterOpen + 1;
  const block = text.slice(start, range.end);
  const closing = /(^|\n)[ \t]*:::[ \t]*\r?\n?$/.exec(block);
  const end = closing ? start + closing.index + closing[1].length : range.end;
  return { start, end: Math.max(start, end) };
}

/** What a player sees of a document's text: every GM block cut out (other file types are returned whole). */
export function playerText(text: string, fileType = 'md'): string {
  if (!hasGmBlockSupport(fileType)) return text;
  const ranges = gmRanges(text);
  if (ranges.length === 0) return text;
  let out = '';
  let at = 0;
  for (const range of ranges) {
    out += text.slice(at, range.start);
    at = range.end;
  }
  return out + text.slice(at);
}

/** Whether the text holds a GM block (the viewer tells the GM that players see less). */
export function holdsGmBlocks(text: string, fileType = 'md'): boolean {
  return hasGmBlockSupport(fileType) && gmRanges(text).length > 0;
}
