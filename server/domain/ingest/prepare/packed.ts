import type { Chunk } from '../chunk';
import type { PreparedDocument } from './prepare';

/**
 * A prepared document on its way from the reading process to the server. Cloned as strings,
 * a 50 MB text and its passages (another 50 MB) took the main thread 0.5-0.7 s to receive in
 * one go, with nothing else answered meanwhile. Packed, they cross as UTF-8 in two buffers
 * (copied as bytes), and the main thread decodes one stored part of the text or one passage at a time,
 * as ingestion reaches it.
 */
interface PackedStrings {
  bytes: Uint8Array;
  /** Where each string ends in `bytes`. */
  ends: Uint32Array;
}

export interface PackedDocument extends Omit<PreparedDocument, 'text' | 'textParts' | 'chunks'> {
  chunks: Omit<Chunk, 'content'>[];
  textParts: PackedStrings;
  contents: PackedStrings;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function packDocument(prepared: PreparedDocument): PackedDocument {
  const { text: _text, textParts, chunks, ...rest } = prepared;
  return {
    ...rest,
    chunks: chunks.map(({ content: _content, ...chunk }) => chunk),
    textParts: pack([...textParts()]),
    contents: pack(chunks.map((chunk) => chunk.content)),
  };
}

/** The document again, its text and passages decoded when read (each read decodes anew: read each once). */
export function unpackDocument(packed: PackedDocument): PreparedDocument {
  const { chunks, textParts, contents, ...rest } = packed;
  return {
    ...rest,
    get text() {
      return decoder.decode(textParts.bytes);
    },
    *textParts() {
      for (let i = 0; i < textParts.ends.length; i++) yield stringAt(textParts, i);
    },
    chunks: chunks.map((chunk, i) => Object.defineProperty(chunk, 'content', { get: () => stringAt(contents, i), enumerable: true }) as Chunk),
  };
}

function pack(strings: string[]): PackedStrings {
  let size = 0;
  for (const value of strings) size += Buffer.byteLength(value, 'utf8');
  const bytes = new Uint8Array(size);
  const ends = new Uint32Array(strings.length);
  let at = 0;
  strings.forEach((value, i) => {
    at += encoder.encodeInto(value, bytes.subarray(at)).written;
    ends[i] = at;
  });
  return { bytes, ends };
}

function stringAt(packed: PackedStrings, i: number): string {
  return decoder.decode(packed.bytes.subarray(i === 0 ? 0 : packed.ends[i - 1], packed.ends[i]));
}
