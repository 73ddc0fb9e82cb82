import type { Chunk } from './chunk';

/** What is embedded for a passage: its heading path (the context a reader has) then its text. */
export function embeddingText(chunk: Pick<Chunk, 'headingPath' | 'content'>): string {
  return chunk.headingPath ? `${chunk.headingPath}\n${chunk.content}` : chunk.content;
}

/**
 * A vector as it is stored: a real[] parameter (server/db/real-arrays.ts), each value rounded
 * to a real; a value that is not a finite number (a provider's fault) is stored as 0.
 */
export function storedVector(vector: ArrayLike<number>): Float32Array {
  // A plain loop: Float32Array.from with a mapping function was 3% of a corpus's ingestion.
  const stored = new Float32Array(vector.length);
  for (let i = 0; i < stored.length; i++) {
    const value = vector[i];
    stored[i] = Number.isFinite(value) ? value : 0;
  }
  return stored;
}
