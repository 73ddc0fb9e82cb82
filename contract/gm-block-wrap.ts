import { fromMarkdown } from 'mdast-util-from-markdown';
import { GM_BLOCK_CLOSE, GM_BLOCK_OPEN, gmBlockInner, gmRanges } from './gm-blocks';
import { isMarkdownType } from './tomes';

interface Span {
  start: number;
  end: number;
}

export interface Wrapped {
  text: string;
  /** The new block, marker lines included: the editor selects it. */
  selection: Span;
}

/**
 * "Mark GM-only": the selection (or the cursor's place) grows to the whole blocks it touches and
 * goes inside one `:::gm` block, so the markup is never split. In Markdown a block is a list
 * item of a top-level list, or any other top-level block (paragraph, heading, quote, table,
 * code fence); in a text or log file a line. GM blocks the selection touches are merged into
 * the new one. Returns null where the selection touches no text (a blank line).
 */
export function wrapInGmBlock(text: string, selection: Span, fileType: string): Wrapped | null {
  const units = blockUnits(text, fileType);
  const collapsed = selection.start === selection.end;
  const touched = units.filter((unit) =>
    collapsed ? unit.start <= selection.start && selection.start <= unit.end : unit.start < selection.end && unit.end > selection.start,
  );
  if (touched.length === 0) return null;
  const from = lineStart(text, Math.min(...touched.map((unit) => unit.start)));
  const to = lineEnd(text, Math.max(...touched.map((unit) => unit.end)));
  let body = '';
  let at = from;
  for (const block of gmRanges(text)) {
    if (block.start < from || block.start >= to) continue;
    const inner = gmBlockInner(text, block);
    body += text.slice(at, block.start) + text.slice(inner.start, inner.end);
    at = block.end;
  }
  body = (body + text.slice(at, Math.max(at, to))).replace(/\r?\n$/, '');
  const block = `${GM_BLOCK_OPEN}\n${body}\n${GM_BLOCK_CLOSE}`;
  const rest = text.slice(Math.max(to, at));
  const after = rest === '' || rest.startsWith('\n') || rest.startsWith('\r\n') ? rest : `\n${rest}`;
  return { text: text.slice(0, from) + block + after, selection: { start: from, end: from + block.length } };
}

/** The spans the selection grows to: existing GM blocks whole, and the blocks of the text between them. */
function blockUnits(text: string, fileType: string): Span[] {
  const units: Span[] = [];
  let at = 0;
  const between = (start: number, end: number) => {
    if (end > start) units.push(...(isMarkdownType(fileType) ? markdownBlocks : lineBlocks)(text.slice(start, end)).map((unit) => shift(unit, start)));
  };
  for (const block of gmRanges(text)) {
    between(at, block.start);
    units.push({ start: block.start, end: text[block.end - 1] === '\n' ? block.end - 1 : block.end });
    at = block.end;
  }
  between(at, text.length);
  return units;
}

function markdownBlocks(text: string): Span[] {
  const units: Span[] = [];
  for (const node of fromMarkdown(text).children) {
    const blocks = node.type === 'list' ? node.children : [node];
    for (const block of blocks) {
      const start = block.position?.start.offset;
      const end = block.position?.end.offset;
      if (start !== undefined && end !== undefined) units.push({ start, end });
    }
  }
  return units;
}

function lineBlocks(text: string): Span[] {
  const units: Span[] = [];
  let at = 0;
  for (const line of text.split('\n')) {
    if (line.trim() !== '') units.push({ start: at, end: at + line.length });
    at += line.length + 1;
  }
  return units;
}

const shift = (span: Span, by: number): Span => ({ start: span.start + by, end: span.end + by });
const lineStart = (text: string, at: number) => text.lastIndexOf('\n', at - 1) + 1;
function lineEnd(text: string, at: number): number {
  if (at > 0 && text[at - 1] === '\n') return at - 1;
  const newline = text.indexOf('\n', at);
  return newline === -1 ? text.length : newline;
}
