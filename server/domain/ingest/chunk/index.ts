import { estimateTokens } from '../../../text/tokens';
import { HeadingTrail } from '../extract/blocks';
import type { ExtractedBlock, ExtractedDocument } from '../extract/types';
import { type Piece, splitLongText, splitSentences } from './split';

export interface Chunk {
  ordinal: number;
  /** The headings above the chunk, outermost first, joined with ' > '; '' before the first heading. */
  headingPath: string;
  /** The PDF page the chunk comes from; null for formats without pages. */
  page: number | null;
  content: string;
  tokenCount: number;
  /** Cut from a `:::gm` block: only the game master may see it (chunks.gm_only). */
  gmOnly: boolean;
}

export interface ChunkOptions {
  targetTokens?: number;
  maxTokens?: number;
  overlapTokens?: number;
}

export const DEFAULT_CHUNK_OPTIONS = { targetTokens: 350, maxTokens: 600, overlapTokens: 50 } as const;

interface TablePiece extends Piece {
  table?: number;
  header?: boolean;
}

/**
 * Chunks that follow the document's structure. A heading, or a new PDF page, always starts a
 * new chunk (so every chunk has one heading path and one page). Within a section, blocks are
 * packed up to targetTokens; a table may run on to maxTokens to stay together, and a table
 * continued in a new chunk gets its header row again. A block longer than maxTokens is cut at
 * line breaks, then sentences, then words. When a section is cut for size, the next chunk
 * begins with up to overlapTokens of whole sentences from the end of the previous one.
 * A `:::gm` block (blocks marked `gm`) always has chunks of its own, marked gmOnly, and its
 * headings name no chunk after it, so nothing the GM hides reaches a passage players may read.
 */
export function chunkDocument(doc: ExtractedDocument, options: ChunkOptions = {}): Chunk[] {
  const maxTokens = Math.max(16, options.maxTokens ?? DEFAULT_CHUNK_OPTIONS.maxTokens);
  const targetTokens = Math.min(maxTokens, Math.max(8, options.targetTokens ?? DEFAULT_CHUNK_OPTIONS.targetTokens));
  const overlapTokens = Math.min(Math.floor(targetTokens / 2), Math.max(0, options.overlapTokens ?? DEFAULT_CHUNK_OPTIONS.overlapTokens));

  const chunks: Chunk[] = [];
  let trail = new HeadingTrail();
  const tableHeaders = new Map<number, TablePiece>();
  let pieces: TablePiece[] = [];
  let tokens = 0;
  let page: number | null = null;
  let gm = false;
  /** The trail as it was before the open GM block. */
  let trailBeforeGm: HeadingTrail | null = null;

  const content = () => pieces.map((p, i) => (i === 0 ? p.text : p.separator + p.text)).join('');
  const flush = () => {
    const text = content().trim();
    if (text) {
      chunks.push({ ordinal: chunks.length, headingPath: trail.path().join(' > '), page, content: text, tokenCount: estimateTokens(text), gmOnly: gm });
    }
    pieces = [];
    tokens = 0;
  };
  const push = (piece: TablePiece) => {
    pieces.push(piece);
    tokens += piece.tokens;
  };

  /** Whole sentences from the end of the chunk being closed (never all of it, never from a table), up to overlapTokens. */
  const overlapFrom = (closing: TablePiece[], closingTokens: number): TablePiece | undefined => {
    if (!overlapTokens) return undefined;
    const taken: string[] = [];
    let total = 0;
    outer: for (let p = closing.length - 1; p >= 0; p--) {
      if (closing[p].table !== undefined) break;
      const sentences = splitSentences(closing[p].text);
      for (let i = sentences.length - 1; i >= 0; i--) {
        const t = estimateTokens(sentences[i]);
        if (total + t > overlapTokens || total + t >= closingTokens) break outer;
        taken.unshift(sentences[i]);
        total += t;
      }
    }
    if (!taken.length) return undefined;
    return { text: taken.join(' '), tokens: total, separator: '\n\n' };
  };

  const add = (piece: TablePiece) => {
    if (pieces.length === 0) {
      push(piece);
      return;
    }
    const last = pieces[pieces.length - 1];
    const sameTable = piece.table !== undefined && last.table === piece.table;
    if (
      tokens + piece.tokens <= targetTokens ||
      (sameTable && tokens + piece.tokens <= maxTokens) ||
      (tokens < targetTokens / 4 && tokens + piece.tokens <= maxTokens)
    ) {
      push(piece);
      return;
    }
    const closing = pieces;
    const closingTokens = tokens;
    flush();
    const header = piece.table !== undefined && !piece.header ? tableHeaders.get(piece.table) : undefined;
    const overlap = piece.table === undefined ? overlapFrom(closing, closingTokens) : undefined;
    const lead = header ?? overlap;
    if (lead && lead.tokens + piece.tokens <= maxTokens) push({ ...lead, separator: '\n\n' });
    push(piece);
  };

  const addBlock = (block: Exclude<ExtractedBlock, { kind: 'heading' | 'page-break' }>) => {
    const blockPage = block.page ?? null;
    if (blockPage !== page) {
      flush();
      page = blockPage;
    }
    const isRow = block.kind === 'table-row';
    const blockTokens = estimateTokens(block.text);
    const separator = isRow && pieces.length && pieces[pieces.length - 1].table === block.table ? '\n' : '\n\n';
    if (blockTokens <= maxTokens) {
      const piece: TablePiece = { text: block.text, tokens: blockTokens, separator };
      if (isRow) {
        piece.table = block.table;
        piece.header = block.header;
        if (block.header) tableHeaders.set(block.table, piece);
      }
      add(piece);
      return;
    }
    for (const part of splitLongText(block.text, maxTokens)) add(part);
  };

  for (const block of doc.blocks) {
    if ((block.gm === true) !== gm) {
      flush();
      gm = block.gm === true;
      if (gm) trailBeforeGm = trail.clone();
      else if (trailBeforeGm) trail = trailBeforeGm;
    }
    if (block.kind === 'heading') {
      flush();
      trail.enter(block.level, block.text);
    } else if (block.kind === 'page-break') {
      flush();
      page = block.page;
    } else addBlock(block);
  }
  flush();
  return chunks;
}
