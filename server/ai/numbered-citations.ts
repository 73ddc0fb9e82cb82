import { splitSentences, type TextSpan } from './sentences';
import { contentTerms } from './terms';
import type { Citation } from './types';

/**
 * Citations for models without a citations API (OpenAI-compatible servers): the sources are sent
 * numbered, [1] to [N], the model writes those numbers after what it took from them, and each
 * number is mapped back here to its source and a verbatim quote from it. The quote is the words
 * the model put in quotation marks when they are in the source as written, otherwise the source's
 * sentence sharing most words with the statement cited. A number that names no source, or a
 * statement sharing no word with its source, cites nothing and its marker is removed: no
 * citation is shown that its source does not bear out.
 */

export interface NumberedSource {
  /** Index into the request's passages, or -1 for the whole document (document chat). */
  passageIndex: number;
  sourceId: string;
  content: string;
}

/** How the sources are laid out for the model. */
export function numberedSourcesBlock(sources: Array<NumberedSource & { title: string }>, firstNumber: number): string {
  return sources.map((source, i) => `[${firstNumber + i}] ${source.title}\n${source.content}`).join('\n\n');
}

export const NUMBERED_CITATION_RULES =
  'The sources are numbered [1], [2] and so on. After every sentence that uses a source, write its number in square brackets, e.g. "The gate is sealed [2]." ' +
  "Cite only the numbers given; quote a source's exact words in quotation marks when you quote it. Do not list the sources at the end.";

const MARKER = /\s?\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;

/** `text` with its markers renumbered as 1-based indexes into `citations` (as every engine's answer is). */
export function mapNumberedCitations(text: string, sources: NumberedSource[]): { text: string; citations: Citation[] } {
  const citations: Citation[] = [];
  const spansOf = new Map<number, TextSpan[]>();
  let lastEnd = 0;
  const mapped = text.replace(MARKER, (marker: string, list: string, offset: number) => {
    const statement = statementBefore(text, offset, lastEnd);
    lastEnd = offset + marker.length;
    const numbers = new Set<number>();
    for (const piece of list.split(',')) {
      const source = sources[Number(piece.trim()) - 1];
      if (!source) continue;
      let spans = spansOf.get(source.passageIndex);
      if (!spans) spansOf.set(source.passageIndex, (spans = splitSentences(source.content)));
      const quote = quoteFor(statement, source.content, spans);
      if (!quote) continue;
      let index = citations.findIndex((known) => known.passageIndex === source.passageIndex && known.quote === quote);
      if (index === -1) index = citations.push({ passageIndex: source.passageIndex, sourceId: source.sourceId, quote }) - 1;
      numbers.add(index + 1);
    }
    if (numbers.size === 0) return '';
    return `${marker.startsWith(' ') ? ' ' : ''}${[...numbers].map((n) => `[${n}]`).join('')}`;
  });
  return { text: mapped, citations };
}

/** The sentence a marker closes: back to the previous marker or sentence end. */
function statementBefore(text: string, offset: number, notBefore: number): string {
  const before = text.slice(notBefore, offset);
  const cut = Math.max(before.lastIndexOf('\n'), before.search(/[.!?]\s[^.!?]*$/));
  return cut > 0 ? before.slice(cut + 1) : before;
}

function quoteFor(statement: string, content: string, spans: TextSpan[]): string | undefined {
  for (const match of statement.matchAll(/["“]([^"”]{8,})["”]/g)) {
    const quoted = match[1].trim();
    if (content.includes(quoted)) return quoted;
  }
  const wanted = new Set(contentTerms(statement));
  if (wanted.size === 0) return undefined;
  let best: TextSpan | undefined;
  let bestShared = 0;
  for (const span of spans) {
    const shared = new Set(contentTerms(span.text).filter((term) => wanted.has(term))).size;
    if (shared > bestShared) [best, bestShared] = [span, shared];
  }
  return best ? content.slice(best.start, best.end) : undefined;
}
