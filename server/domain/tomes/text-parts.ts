/**
 * How a document's text is cut for storage (tomes/document-text.ts): parts of at most
 * TEXT_PART_CHARS characters, never ending between the two halves of a surrogate pair (so a
 * part may hold one fewer). Its own module, free of the database, so the reading process cuts the
 * text the same way (ingest/prepare/packed.ts).
 */
export const TEXT_PART_CHARS = 262_144;

export function* textParts(text: string): Generator<string> {
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + TEXT_PART_CHARS);
    if (end < text.length && isLowSurrogate(text.charCodeAt(end))) end -= 1;
    yield text.slice(start, end);
    start = end;
  }
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
