/** Finds the names in a sentence: runs of capitalised words, joined by 'of', 'of the', 'de'… */

import type { Token } from './document';
import { NOT_NAMES } from './cue-words';
import { HONORIFICS, NAME_CONNECTORS } from './names';
import { isCommonNonName, isKnownName } from './words';

export interface NameSpan {
  /** Token indices; end is exclusive. */
  start: number;
  end: number;
  surface: string;
  /** Followed by "'s": the possessive is not part of the name. */
  possessive: boolean;
  /**
   * A lone capitalised word opening a sentence ('Recap:', 'Combat:'): only a name if the
   * document also uses it elsewhere.
   */
  weak: boolean;
  /** 'Bram (Orrin Vale)' in a roster: the name in brackets is a character. */
  listedCharacter?: boolean;
}

const MAX_NAME_WORDS = 6;

/** Capitalised words that open clauses rather than names. */
const CLAUSE_OPENERS = new Set(
  `the a an this that these those it its he she they we you his her their our your my and but or nor if when while
  whoever whatever who what where why how in on at of to for from with by as after before during once then there
  here each every all some any no not one both either neither such so also yet until unless because although though
  since upon into onto over under beneath meanwhile later now today tonight yesterday tomorrow perhaps however
  instead still only even just many most few several other another let please yes chapter session part page
  table figure note`
    .split(/\s+/)
    .filter(Boolean),
);

const OPENING_PUNCTUATION = new Set([':', ';', '(', '"', '“', '‘', '—', '–', '[']);

export function findNameSpans(tokens: Token[], text: string): NameSpan[] {
  const spans: NameSpan[] = [];
  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index];
    if (!token.isCapitalised || isNotName(token.lower)) {
      index += 1;
      continue;
    }
    const atStart = opensClause(tokens, index);
    if (atStart && isCommonNonName(token.lower) && !HONORIFICS.has(token.lower)) {
      index += 1;
      continue;
    }
    const end = extendName(tokens, index);
    const words = tokens.slice(index, end);
    if (words.length <= MAX_NAME_WORDS) {
      const span = makeSpan(tokens, index, end, text, atStart);
      if (span) spans.push(span);
    }
    index = end;
  }
  return dropRosterNames(spans, tokens);
}

function isNotName(lower: string): boolean {
  return CLAUSE_OPENERS.has(lower) || NOT_NAMES.has(lower);
}

function opensClause(tokens: Token[], index: number): boolean {
  for (let i = index - 1; i >= 0; i -= 1) {
    if (tokens[i].isWord) return false;
    if (OPENING_PUNCTUATION.has(tokens[i].text)) return true;
  }
  return true;
}

/** Past the last word of the name starting at `start`. */
function extendName(tokens: Token[], start: number): number {
  let end = start + 1;
  while (end < tokens.length) {
    const token = tokens[end];
    if (token.afterEmphasisEdge) break;
    if (token.isCapitalised && !isNotName(token.lower)) {
      end += 1;
      continue;
    }
    if (token.isWord && NAME_CONNECTORS.has(token.text) && token.text !== 'the') {
      let next = end + 1;
      if (tokens[next]?.text === 'the') next += 1;
      if (tokens[next]?.isCapitalised && !isNotName(tokens[next].lower)) {
        end = next + 1;
        continue;
      }
    }
    break;
  }
  return end;
}

function endsWithPossessive(word: string): boolean {
  return /['’]s$/u.test(word);
}

function makeSpan(tokens: Token[], start: number, end: number, text: string, atStart: boolean): NameSpan | null {
  let surface = text.slice(tokens[start].start, tokens[end - 1].end);
  const possessive = endsWithPossessive(surface);
  if (possessive) surface = surface.replace(/['’]s$/u, '');
  if (surface.length < 2) return null;
  // A lone title ('Captain') names nobody in particular.
  if (end - start === 1 && HONORIFICS.has(tokens[start].lower)) return null;
  const weak = atStart && end - start === 1 && !isKnownName(tokens[start].lower);
  return { start, end, surface, possessive, weak };
}

/** 'Ilsa (Tamsin Reed)': a player's name before their character's; the player is left off the map. */
function dropRosterNames(spans: NameSpan[], tokens: Token[]): NameSpan[] {
  return spans.filter((span, i) => {
    const next = spans[i + 1];
    if (!next || span.end - span.start !== 1 || next.end - next.start < 2) return true;
    const after = tokens[next.end + 1];
    const isRoster =
      tokens[span.end]?.text === '(' && next.start === span.end + 1 && tokens[next.end]?.text === ')' && (!after || [',', '.', ';'].includes(after.text));
    if (isRoster) next.listedCharacter = true;
    return !isRoster;
  });
}
