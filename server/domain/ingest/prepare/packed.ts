import type { Chunk } from '../chunk';
import type { PreparedDocument } from './prepare';

/**
 * A prepared document on its way from the reading process to the server. Cloned as strings,
 * a 50 MB text and its passages (another 50 MB) took the main thread 0.5-0.7 s to receive in
 * one go, with nothing else answered meanwhile; sent as one message of packed bytes, each side
 * held it two or three times over (the message being written or read, then its copy): 1.9 GB
 * together for a 50 MB text (issue 39). So a head goes first (the passages without their text,
 * and where each string ends), then the strings as UTF-8 in pieces of at most PIECE_BYTES,
 * written into one buffer the server allocated from the head, then decoded one stored part of
 * the text or one passage at a time, as ingestion reaches it.
 */
export const PIECE_BYTES = 4 * 1024 * 1024;

export interface DocumentHead extends Omit<PreparedDocument, 'text' | 'textParts' | 'chunks' | 'offlineEmbedding'> {
  chunks: Omit<Chunk, 'content'>[];
  /** Where each stored part of the text ends, in bytes. */
  textEnds: Uint32Array;
  /** Where each passage ends, in bytes, counted from the end of the text. */
  contentEnds: Uint32Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The reading process's side: the head, and the text's then the passages' bytes, piece by piece. */
export function packDocument(prepared: PreparedDocument): { head: DocumentHead; pieces: () => Generator<Uint8Array> } {
  const { text: _text, textParts, chunks, offlineEmbedding: _embedding, ...rest } = prepared;
  const contents = () => chunks.map((chunk) => chunk.content);
  return {
    head: {
      ...rest,
      chunks: chunks.map(({ content: _content, ...chunk }) => chunk),
      textEnds: endsOf(textParts()),
      contentEnds: endsOf(contents()),
    },
    pieces: () => piecesOf([textParts(), contents()]),
  };
}

function endsOf(strings: Iterable<string>): Uint32Array {
  const ends: number[] = [];
  let at = 0;
  for (const value of strings) ends.push((at += Buffer.byteLength(value, 'utf8')));
  return Uint32Array.from(ends);
}

function* piecesOf(lists: Iterable<string>[]): Generator<Uint8Array> {
  let piece = new Uint8Array(PIECE_BYTES);
  let at = 0;
  for (const list of lists) {
    for (const value of list) {
      let bytes = encoder.encode(value);
      while (bytes.length > 0) {
        const n = Math.min(bytes.length, PIECE_BYTES - at);
        piece.set(bytes.subarray(0, n), at);
        at += n;
        bytes = bytes.subarray(n);
        if (at === PIECE_BYTES) {
          yield piece;
          piece = new Uint8Array(PIECE_BYTES);
          at = 0;
        }
      }
    }
  }
  if (at > 0) yield piece.subarray(0, at);
}

/** The server's side: the pieces copied into one buffer as they come; the document once all have come. */
export class DocumentReceiver {
  private readonly bytes: Uint8Array;
  private received = 0;

  constructor(private readonly head: DocumentHead) {
    this.bytes = new Uint8Array((head.textEnds.at(-1) ?? 0) + (head.contentEnds.at(-1) ?? 0));
  }

  get complete(): boolean {
    return this.received === this.bytes.length;
  }

  add(piece: Uint8Array): void {
    if (this.received + piece.length > this.bytes.length) throw new Error('the reading process sent more of the document than it announced');
    this.bytes.set(piece, this.received);
    this.received += piece.length;
  }

  /** The document, its text and passages decoded when read (each read decodes anew: read each once). */
  document(): PreparedDocument {
    const { chunks, textEnds, contentEnds, ...rest } = this.head;
    const textLength = textEnds.at(-1) ?? 0;
    const text = { bytes: this.bytes.subarray(0, textLength), ends: textEnds };
    const contents = { bytes: this.bytes.subarray(textLength), ends: contentEnds };
    return {
      ...rest,
      get text() {
        return decoder.decode(text.bytes);
      },
      *textParts() {
        for (let i = 0; i < text.ends.length; i++) yield stringAt(text, i);
      },
      chunks: chunks.map((chunk, i) => Object.defineProperty(chunk, 'content', { get: () => stringAt(contents, i), enumerable: true }) as Chunk),
    };
  }
}

function stringAt(packed: { bytes: Uint8Array; ends: Uint32Array }, i: number): string {
  return decoder.decode(packed.bytes.subarray(i === 0 ? 0 : packed.ends[i - 1], packed.ends[i]));
}
