import { isStopword } from './terms';

/** A sentence (or list item, heading, table row) located in its source text. */
export interface TextSpan {
  start: number;
  end: number;
  /** Always `source.slice(start, end)`, trimmed by construction. */
  text: string;
}

// Words whose trailing full stop does not end a sentence.
// Units such as "ft." and "gp." are left out: in rulebooks they end sentences as often as not.
const ABBREVIATIONS = new Set(['e.g', 'i.e', 'etc', 'vs', 'cf', 'p', 'pp', 'ch', 'vol', 'fig', 'mr', 'mrs', 'ms', 'dr', 'st', 'mt', 'approx']);

const LIST_OR_HEADING_START = /^\s*(?:[-*•▪◦]\s|\d{1,3}[.)]\s|#{1,6}\s|\|)/;
const HEADING_OR_TABLE_ROW = /^\s*(?:#{1,6}\s|\|)/;
/** A table row as the chunker writes it: cells joined by ' | '. */
const TABLE_ROW = /\S \| \S/;
/** A log line's time stamp ("[2026-03-14 19:02] ") or a list marker, which a quote leaves out. */
const LINE_PREFIX = /^(?:\[[^\]\n]{4,40}\]\s+|[-*•▪◦]\s+|\d{1,3}[.)]\s+)/;

/**
 * The one sentence splitter of the codebase (chunking, answers, citations, drafts, concept
 * extraction). Splits text into sentences without altering it, so every span's text is a verbatim
 * substring. Single line breaks are treated as soft wraps (PDF extraction leaves many)
 * unless the line ends a sentence, looks like a title, or the next line starts a list item,
 * heading or table row.
 */
export function splitSentences(source: string): TextSpan[] {
  const cuts = new Set<number>();

  for (const match of source.matchAll(/[.!?]+["'’”)\]]*(?=\s)/g)) {
    const end = match.index + match[0].length;
    if (match[0].startsWith('.') && endsWithAbbreviation(source, match.index)) continue;
    const next = source.slice(end).match(/\S/);
    if (!next || next.index === undefined) continue;
    if (/[a-z]/.test(next[0])) continue;
    // "2 lb. | Finesse": a unit's full stop inside a table row; the row is one span.
    if (next[0] === '|' && TABLE_ROW.test(lineAround(source, end))) continue;
    cuts.add(end);
  }

  const lines = source.split('\n');
  let offset = 0;
  for (let i = 0; i < lines.length - 1; i += 1) {
    const line = lines[i];
    const nextLine = lines[i + 1];
    const lineEnd = offset + line.length;
    const blankFollows = nextLine.trim() === '';
    const hardBreak =
      blankFollows ||
      line.trim() === '' ||
      /[.!?:;]["'’”)\]]*\s*$/.test(line) ||
      LIST_OR_HEADING_START.test(nextLine) ||
      HEADING_OR_TABLE_ROW.test(line) ||
      TABLE_ROW.test(line) ||
      TABLE_ROW.test(nextLine) ||
      LINE_PREFIX.test(nextLine) ||
      (looksLikeTitleLine(line) && /^\s*[A-Z0-9]/.test(nextLine));
    if (hardBreak) cuts.add(lineEnd);
    offset = lineEnd + 1;
  }

  const boundaries = [...cuts].sort((a, b) => a - b);
  const spans: TextSpan[] = [];
  let start = 0;
  for (const cut of [...boundaries, source.length]) {
    pushTrimmed(source, start, cut, spans);
    start = cut;
  }
  return spans;
}

/**
 * The span a quote should show: without a log line's time stamp or a list marker in front
 * (still a verbatim substring of the source, at its own offsets).
 */
export function quotableSpan(span: TextSpan): TextSpan {
  const prefix = LINE_PREFIX.exec(span.text)?.[0];
  if (!prefix || prefix.length >= span.text.length) return span;
  return { start: span.start + prefix.length, end: span.end, text: span.text.slice(prefix.length) };
}

/** "Suffocating" or "Death Saving Throws" above a paragraph, as opposed to a wrapped line of prose. */
function looksLikeTitleLine(line: string): boolean {
  const lineWords = line.trim().split(/\s+/);
  if (lineWords.length === 0 || lineWords.length > 6) return false;
  if (!/^[A-Z0-9]/.test(lineWords[0])) return false;
  if (/[,\-–—(]$/.test(line.trim())) return false;
  // Wrapped prose tends to break after a small word ("equal to 1 + its"); titles do not end on one.
  return !isStopword(lineWords[lineWords.length - 1].toLowerCase());
}

function lineAround(source: string, index: number): string {
  const start = source.lastIndexOf('\n', index - 1) + 1;
  const end = source.indexOf('\n', index);
  return source.slice(start, end === -1 ? source.length : end);
}

function endsWithAbbreviation(source: string, dotIndex: number): boolean {
  const before = source.slice(Math.max(0, dotIndex - 12), dotIndex);
  const word = before.match(/([A-Za-z][A-Za-z.]*)$/)?.[1];
  if (!word) return false;
  // A lone capital is an initial ("J. R."), not the end of a sentence.
  if (/^[A-Z]$/.test(word)) return true;
  return ABBREVIATIONS.has(word.toLowerCase());
}

function pushTrimmed(source: string, from: number, to: number, spans: TextSpan[]): void {
  let start = from;
  let end = to;
  while (start < end && /\s/.test(source[start])) start += 1;
  while (end > start && /\s/.test(source[end - 1])) end -= 1;
  if (end > start) spans.push({ start, end, text: source.slice(start, end) });
}
