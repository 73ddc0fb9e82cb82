import { BlockBuilder } from './blocks';

/**
 * Plain text, Markdown and logs. The text itself is kept as written (Markdown is not rendered);
 * only the structure is read: paragraphs are separated by blank lines, Markdown headings
 * (# and underlined) become heading blocks, pipe tables become rows.
 */

const ATX = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

function splitLines(text: string): string[] {
  return text.replace(/\r\n?/g, '\n').split('\n');
}

function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

export function extractMarkdown(text: string, out: BlockBuilder): void {
  const lines = splitLines(text);
  let para: string[] = [];
  let fence: string | undefined;
  const flush = () => {
    if (para.length) out.paragraph(para.join('\n'), { keepLines: true });
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (fence) {
      para.push(line);
      if (line.trim().startsWith(fence)) {
        fence = undefined;
        flush();
      }
      continue;
    }
    const fenceOpen = FENCE.exec(line);
    if (fenceOpen) {
      flush();
      fence = fenceOpen[1];
      para.push(line);
      continue;
    }
    const atx = ATX.exec(line);
    if (atx) {
      flush();
      out.heading(atx[2], atx[1].length);
      continue;
    }
    if (para.length === 1 && SETEXT.test(line) && !TABLE_ROW.test(para[0]) && !/^\s*[-*+]\s/.test(para[0])) {
      const title = para[0];
      para = [];
      out.heading(title, line.trim().startsWith('=') ? 1 : 2);
      continue;
    }
    if (TABLE_ROW.test(line) && (para.length === 0 || TABLE_ROW.test(para[para.length - 1]))) {
      flush();
      if (TABLE_RULE.test(line)) continue;
      out.tableRow(tableCells(line));
      continue;
    }
    if (line.trim() === '') {
      flush();
      out.endTable();
      continue;
    }
    para.push(line);
  }
  flush();
}

const TERMINAL = /[.,;:!)\]"'”’]$/;

/** A short line standing alone, like "Blinded" or "What Is a Spell?", is taken for a heading in plain text. */
function looksLikeHeading(paragraph: string): boolean {
  if (paragraph.includes('\n')) return false;
  const line = paragraph.trim();
  if (line.length === 0 || line.length > 60 || TERMINAL.test(line)) return false;
  if (!/^[\p{Lu}\p{N}]/u.test(line) || /^\d+[\s.)]*$/.test(line)) return false;
  return line.split(/\s+/).length <= 8;
}

export function extractPlainText(text: string, out: BlockBuilder): void {
  const lines = splitLines(text);
  const paragraphs: string[] = [];
  let para: string[] = [];
  for (const line of lines) {
    if (line.trim() === '') {
      if (para.length) paragraphs.push(para.join('\n'));
      para = [];
    } else para.push(line);
  }
  if (para.length) paragraphs.push(para.join('\n'));

  paragraphs.forEach((p, index) => {
    const lastTwo = p.split('\n');
    const underline = lastTwo.length === 2 && SETEXT.test(lastTwo[1]) && lastTwo[0].trim().length <= 80;
    const atx = lastTwo.length === 1 ? ATX.exec(p) : null;
    const next = paragraphs[index + 1];
    if (underline) out.heading(lastTwo[0], lastTwo[1].trim().startsWith('=') ? 1 : 2);
    else if (atx) out.heading(atx[2], atx[1].length);
    else if (next !== undefined && looksLikeHeading(p) && !looksLikeHeading(next)) out.heading(p, index === 0 ? 1 : 2);
    else out.paragraph(p, { keepLines: true });
  });
}

/** Logs: paragraphs by blank lines, every line kept; no guessing at headings. */
export function extractLog(text: string, out: BlockBuilder): void {
  let para: string[] = [];
  for (const line of splitLines(text)) {
    if (line.trim() === '') {
      out.paragraph(para.join('\n'), { keepLines: true });
      para = [];
    } else para.push(line);
  }
  out.paragraph(para.join('\n'), { keepLines: true });
}
