/**
 * A fast, deterministic token estimate meant to land near Claude's tokenizer on English prose:
 * the mean of a character-based estimate (about 4 characters a token) and a word-based one
 * (about 1.3 tokens a word, half a token a punctuation mark). Not calibrated against the real
 * tokenizer here; use it for budgeting chunks, not for billing.
 * Ideographic and kana/hangul characters count about one token each.
 */

const WIDE = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/g;
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const PUNCT = /[^\s\p{L}\p{M}\p{N}]/gu;

export function estimateTokens(text: string): number {
  if (!text || !/\S/.test(text)) return 0;
  return Math.max(1, Math.ceil(tokenWeight(text)));
}

/**
 * The unrounded estimate. It adds up over text joined at whitespace
 * (weight('a b') = weight('a') + weight(' ') + weight('b')), so a splitter can keep a running total.
 */
export function tokenWeight(text: string): number {
  const wide = text.match(WIDE)?.length ?? 0;
  const rest = wide ? text.replace(WIDE, ' ') : text;
  const byChars = rest.replace(/\s+/g, ' ').length / 4;
  const words = rest.match(WORD)?.length ?? 0;
  const punct = rest.match(PUNCT)?.length ?? 0;
  const byWords = words * 1.3 + punct * 0.5;
  return wide + (byChars + byWords) / 2;
}
