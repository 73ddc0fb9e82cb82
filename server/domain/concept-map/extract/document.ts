/**
 * Reads a document's chunks into paragraphs and sentences, keeping what the layout says:
 * the section a paragraph sits in, the term a list item defines ('**Greywater**: a harbour town…')
 * and the names the author set in bold.
 */

import { splitSentences } from '../../../ai/sentences';
import type { ExtractionInput } from './types';
import { isSectionHeading } from './cue-words';
import { isTitleCase } from './names';

export interface Token {
  text: string;
  lower: string;
  start: number;
  end: number;
  isWord: boolean;
  isCapitalised: boolean;
  /** Bold text begins or ends right before this token. */
  afterEmphasisEdge: boolean;
}

export interface Sentence {
  /** Markdown-free text, used as the source quote. */
  text: string;
  tokens: Token[];
  paragraph: number;
  indexInParagraph: number;
}

export interface Paragraph {
  index: number;
  sentences: Sentence[];
  /** The nearest heading above the paragraph, if any. */
  section: string | null;
  /** First paragraph under its heading: where a heading's subject is defined. */
  opensSection: boolean;
  /** '**Greywater**: a fog-bound harbour town' → 'Greywater'. */
  definedTerm: string | null;
  /** Text the author set in bold. */
  boldNames: string[];
  isListItem: boolean;
}

// A word (letters, inner apostrophes and hyphens), a number, or one punctuation mark.
const TOKEN = /(\p{L}[\p{L}\p{M}\p{N}]*(?:['’]\p{L}+)*(?:-\p{L}[\p{L}\p{M}\p{N}]*)*)|\p{N}+(?:[.,:]\p{N}+)*|[^\s\p{L}\p{N}]/gu;

/** `boundaries`: offsets where emphasis began or ended; a name does not run across them. */
export function tokenize(text: string, boundaries: number[] = []): Token[] {
  const tokens: Token[] = [];
  let previousEnd = 0;
  for (const match of text.matchAll(TOKEN)) {
    const word = match[0];
    const isWord = match[1] !== undefined;
    const lower = word.toLowerCase();
    tokens.push({
      text: word,
      lower: isWord ? lower.replace(/’/g, "'") : lower,
      start: match.index,
      end: match.index + word.length,
      isWord,
      isCapitalised: isWord && word[0] !== lower[0],
      afterEmphasisEdge: boundaries.some((edge) => edge >= previousEnd && edge <= match.index),
    });
    previousEnd = match.index + word.length;
  }
  return tokens;
}

interface RawParagraph {
  lines: string[];
  section: string | null;
  opensSection: boolean;
  isListItem: boolean;
  isTableRow: boolean;
}

const ATX_HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const SETEXT_UNDERLINE = /^\s{0,3}(=+|-+)\s*$/;
const LIST_ITEM = /^\s*(?:[-*+•▪◦]|\d{1,3}[.)])\s+(.*)$/;
const LOG_LINE = /^\s*\[[^\]]*\d[^\]]*\]\s*(.*)$/;
const TABLE_ROW = /^\s*\|(.*)\|?\s*$/;
const TABLE_SEPARATOR = /^\s*\|?[\s:|-]+\|?\s*$/;
const FENCE = /^\s*(```|~~~)/;

export function readDocument(input: ExtractionInput): Paragraph[] {
  const raw: RawParagraph[] = [];
  let section: string | null = null;
  let current: RawParagraph | null = null;
  let pendingSectionStart = false;

  const setSection = (heading: string) => {
    const text = cleanInline(heading);
    if (!text || text === section) return;
    section = text;
    current = null;
    pendingSectionStart = true;
  };

  const startParagraph = (line: string, kind: { isListItem?: boolean; isTableRow?: boolean } = {}) => {
    const isTableRow = kind.isTableRow ?? false;
    current = {
      lines: [line],
      section,
      // A table under a heading is not where the heading's subject gets defined.
      opensSection: pendingSectionStart && !isTableRow,
      isListItem: kind.isListItem ?? false,
      isTableRow,
    };
    if (!isTableRow) pendingSectionStart = false;
    raw.push(current);
  };

  for (const chunk of input.chunks) {
    const pathHeading = chunk.headingPath
      ?.split(/\s*(?:>|›|»|\|)\s*/)
      .filter(Boolean)
      .at(-1);
    if (pathHeading) setSection(pathHeading);
    current = null;
    const lines = chunk.text.replace(/\r\n?/g, '\n').split('\n');
    let inFence = false;
    for (let i = 0; i < lines.length; i += 1) {
      const line = lines[i];
      if (FENCE.test(line)) {
        inFence = !inFence;
        current = null;
        continue;
      }
      if (inFence) continue;
      const atx = line.match(ATX_HEADING);
      if (atx) {
        setSection(atx[1]);
        continue;
      }
      const next = lines[i + 1];
      if (line.trim() && next !== undefined && SETEXT_UNDERLINE.test(next) && !current && !LIST_ITEM.test(line)) {
        setSection(line);
        i += 1;
        continue;
      }
      if (!line.trim()) {
        current = null;
        continue;
      }
      if (TABLE_ROW.test(line)) {
        if (!TABLE_SEPARATOR.test(line)) startParagraph(line, { isTableRow: true });
        current = null;
        continue;
      }
      const item = line.match(LIST_ITEM);
      if (item) {
        startParagraph(item[1], { isListItem: true });
        continue;
      }
      const log = line.match(LOG_LINE);
      if (log) {
        startParagraph(log[1]);
        continue;
      }
      const body = line.replace(/^\s*>\s?/, '');
      if (current) (current as RawParagraph).lines.push(body.trim());
      else startParagraph(body.trim());
    }
  }

  return raw.map((paragraph, index) => buildParagraph(paragraph, index));
}

function buildParagraph(raw: RawParagraph, index: number): Paragraph {
  const joined = raw.lines.join(' ').trim();
  const boldNames = [...joined.matchAll(/\*\*([^*\n]+?)\*\*|__([^_\n]+?)__/g)]
    .map((match) => cleanInline(match[1] ?? match[2]))
    .filter((name) => /^\p{Lu}/u.test(name.replace(/^the\s+/i, '')));
  const pieces = raw.isTableRow ? joined.split('|').flatMap(sentencesOf) : sentencesOf(joined);
  const sentences = pieces.map(({ text, boundaries }, indexInParagraph) => ({
    text,
    tokens: tokenize(text, boundaries),
    paragraph: index,
    indexInParagraph,
  }));
  return {
    index,
    sentences,
    section: raw.section,
    opensSection: raw.opensSection,
    definedTerm: raw.isTableRow ? null : definedTerm(joined, raw.isListItem),
    boldNames,
    isListItem: raw.isListItem,
  };
}

/** '**Greywater**: a fog-bound…' or, in a list, 'Tamsin Reed (rogue): raised in…' → the term. */
function definedTerm(text: string, isListItem: boolean): string | null {
  const bold = text.match(/^(?:\*\*([^*]+?)\*\*|__([^_]+?)__)\s*(?:\([^)]*\)\s*)?(?::|—|–|\s-\s)/);
  if (bold) return cleanInline(bold[1] ?? bold[2]);
  if (!isListItem) return null;
  const plain = text.match(/^([^:()*_]{2,60}?)\s*(?:\([^)]*\)\s*)?:\s/);
  if (!plain) return null;
  const term = cleanInline(plain[1]);
  const plausible = isTitleCase(term) && !/\d/.test(term) && term.split(/\s+/).length <= 6 && !isSectionHeading(term);
  return plausible ? term : null;
}

const EMPHASIS_EDGE = '\uE000';

/**
 * Splits markdown into clean sentences, remembering where bold text began or ended:
 * '**Languages** Abyssal' is a label and a value, not the name 'Languages Abyssal'.
 */
function sentencesOf(markdown: string): Array<{ text: string; boundaries: number[] }> {
  const marked = cleanInline(markdown.replace(/\*\*+|__/g, EMPHASIS_EDGE));
  let text = '';
  const edges: number[] = [];
  for (const char of marked) {
    if (char === EMPHASIS_EDGE) edges.push(text.length);
    else text += char;
  }
  return splitSentences(text).map((span) => ({
    text: span.text,
    boundaries: edges.filter((edge) => edge >= span.start && edge <= span.end).map((edge) => edge - span.start),
  }));
}

/** Markdown and HTML inline markup removed, whitespace collapsed. */
export function cleanInline(text: string): string {
  return text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\*\*|__|`/g, '')
    .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s.,;:!?)]|$)/g, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
}
