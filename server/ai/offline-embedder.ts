import { isStopword, normaliseWord, rememberedPerWord, words } from './terms';
import { estimateTokens } from './token-estimate';
import { EMBEDDING_DIMENSIONS, type Embedder, type EmbedResult, type EmbeddingInputType } from './types';

export const OFFLINE_EMBEDDING_MODEL = 'offline-hash-v1';

// Relative weights of the three feature families; character trigrams only nudge
// morphological variants together, whole-word matches dominate.
const UNIGRAM_WEIGHT = 1;
const BIGRAM_WEIGHT = 0.6;
const TRIGRAM_WEIGHT = 0.2;

/**
 * A built-in embedder that needs no model files or network: feature hashing of word
 * unigrams, word bigrams and within-word character trigrams into 512 signed buckets.
 * It captures shared vocabulary, not meaning; good enough to make search work offline.
 */
export class OfflineEmbedder implements Embedder {
  readonly model = OFFLINE_EMBEDDING_MODEL;
  readonly dimensions = EMBEDDING_DIMENSIONS;

  async embed(texts: string[], _inputType: EmbeddingInputType): Promise<EmbedResult> {
    return {
      vectors: texts.map((text) => embedOffline(text)),
      tokens: texts.reduce((sum, text) => sum + estimateTokens(text), 0),
    };
  }
}

/** What a word brings to a vector. */
interface WordFeatures {
  /** null for a stopword: it brings nothing, and a bigram joins the words around it. */
  unigram: string | null;
  term: string;
  trigrams: string[];
}

const featuresOf = rememberedPerWord((word): WordFeatures => {
  if (isStopword(word)) return { unigram: null, term: '', trigrams: [] };
  const term = normaliseWord(word);
  const padded = `#${word}#`;
  const trigrams: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i += 1) trigrams.push(`c:${padded.slice(i, i + 3)}`);
  return { unigram: `u:${term}`, term, trigrams };
});

export function embedOffline(text: string): number[] {
  const counts = new Map<string, { weight: number; count: number }>();
  const add = (feature: string, weight: number) => {
    const entry = counts.get(feature);
    if (entry) entry.count += 1;
    else counts.set(feature, { weight, count: 1 });
  };

  let previousTerm: string | undefined;
  for (const word of words(text)) {
    // Bigrams join neighbouring content words across stopwords: "hold their breath" and
    // "hold its breath" share "hold breath".
    const features = featuresOf(word);
    if (features.unigram === null) continue;
    add(features.unigram, UNIGRAM_WEIGHT);
    if (previousTerm) add(`b:${previousTerm} ${features.term}`, BIGRAM_WEIGHT);
    previousTerm = features.term;
    for (const trigram of features.trigrams) add(trigram, TRIGRAM_WEIGHT);
  }

  const vector = new Array<number>(EMBEDDING_DIMENSIONS).fill(0);
  for (const [feature, { weight, count }] of counts) {
    const hash = fnv1a(feature);
    const bucket = hash % EMBEDDING_DIMENSIONS;
    const sign = (hash >>> 16) & 1 ? 1 : -1;
    vector[bucket] += sign * weight * (1 + Math.log(count));
  }
  return normaliseOrUniform(vector);
}

/** L2-normalises; a vector with no features becomes the uniform unit vector so it is never NaN. */
export function normaliseOrUniform(vector: number[]): number[] {
  let squares = 0;
  for (let i = 0; i < vector.length; i++) squares += vector[i] * vector[i];
  const norm = Math.sqrt(squares);
  const normalised = new Array<number>(vector.length);
  for (let i = 0; i < vector.length; i++) normalised[i] = norm === 0 ? 1 / Math.sqrt(vector.length) : vector[i] / norm;
  return normalised;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  // Final avalanche so neighbouring strings spread over both bucket and sign bits.
  hash ^= hash >>> 15;
  hash = Math.imul(hash, 0x2c1b3c6d);
  hash ^= hash >>> 12;
  return hash >>> 0;
}
