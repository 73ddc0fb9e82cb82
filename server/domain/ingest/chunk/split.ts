import { splitSentences as splitSentenceSpans } from '../../../ai/sentences';
import { estimateTokens, tokenWeight } from '../../../text/tokens';

/** Sentences as text, by the codebase's one sentence splitter. */
export function splitSentences(text: string): string[] {
  return splitSentenceSpans(text).map((span) => span.text);
}

/** Cuts text that has no sentence boundary into pieces of at most maxTokens, at spaces where possible. */
export function splitWords(text: string, maxTokens: number): string[] {
  const pieces: string[] = [];
  const space = tokenWeight(' ');
  let current: string[] = [];
  let weight = 0;
  const close = () => {
    if (current.length) pieces.push(current.join(' '));
    current = [];
    weight = 0;
  };
  for (const word of text.split(/\s+/)) {
    if (!word) continue;
    let w = tokenWeight(word);
    if (current.length && weight + space + w > maxTokens) close();
    // A single "word" longer than the limit (a URL, a blob) is cut by characters. The cut length
    // comes from the whole word's density once; each piece is weighed on its own (never the
    // rest of the word again), so a word costs time linear in its length.
    let rest = word;
    if (w > maxTokens) {
      const step = Math.max(1, Math.floor(word.length * (maxTokens / w) * 0.95));
      let offset = 0;
      rest = '';
      while (offset < word.length) {
        let end = Math.min(word.length, offset + step);
        let piece = word.slice(offset, end);
        let pieceWeight = tokenWeight(piece);
        while (pieceWeight > maxTokens && end - offset > 1) {
          end = offset + Math.max(1, Math.floor((end - offset) * 0.9));
          piece = word.slice(offset, end);
          pieceWeight = tokenWeight(piece);
        }
        if (end === word.length) {
          // The tail joins the next words, as any short word would.
          rest = piece;
          w = pieceWeight;
          break;
        }
        pieces.push(piece);
        offset = end;
      }
    }
    if (!rest) continue;
    weight += (current.length ? space : 0) + w;
    current.push(rest);
  }
  close();
  return pieces;
}

export interface Piece {
  text: string;
  tokens: number;
  /** How this piece joins the one before it in the same chunk. */
  separator: '\n\n' | '\n' | ' ';
}

/**
 * A block too long for one chunk, cut at line breaks, then sentences, then words;
 * each piece within maxTokens.
 */
export function splitLongText(text: string, maxTokens: number): Piece[] {
  const pieces: Piece[] = [];
  const lines = text.includes('\n') ? text.split('\n').filter((l) => l.trim()) : [text];
  lines.forEach((line, lineIndex) => {
    const lineSeparator = lineIndex === 0 ? '\n\n' : '\n';
    const lineTokens = estimateTokens(line);
    if (lineTokens <= maxTokens) {
      pieces.push({ text: line, tokens: lineTokens, separator: lineSeparator });
      return;
    }
    let first = true;
    for (const sentence of splitSentences(line)) {
      const parts = estimateTokens(sentence) <= maxTokens ? [sentence] : splitWords(sentence, maxTokens);
      for (const part of parts) {
        pieces.push({ text: part, tokens: estimateTokens(part), separator: first ? lineSeparator : ' ' });
        first = false;
      }
    }
  });
  return pieces;
}
