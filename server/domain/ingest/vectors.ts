import type { Chunk } from './chunk';

/** What is embedded for a passage: its heading path (the context a reader has) then its text. */
export function embeddingText(chunk: Pick<Chunk, 'headingPath' | 'content'>): string {
  return chunk.headingPath ? `${chunk.headingPath}\n${chunk.content}` : chunk.content;
}

/** A vector as a Postgres real[] literal; seven significant digits is all a real keeps. */
export function formatVector(vector: number[]): string {
  return `{${vector.map((value) => (Number.isFinite(value) ? Number(value.toPrecision(7)) : 0)).join(',')}}`;
}
