import type { DocumentChunk } from './documents';

/** Passages sent to Claude in one request: about 3,000 tokens of text, so one answer fits easily. */
export const MAX_BATCH_TOKENS = 3000;
export const EXTRACTION_MAX_TOKENS = 4096;

export interface ChunkBatch {
  chunks: DocumentChunk[];
  /** What Claude reads: each passage under its heading path. */
  prompt: string;
  /** The passages alone, the sentences source quotes are taken from. */
  text: string;
}

export const EXTRACTION_SYSTEM_PROMPT = [
  "You build a concept map of a game master's tabletop role-playing campaign notes.",
  'Read the passage and record, with the record_concepts tool, the named people and creatures (character), places (location),',
  'factions, guilds and orders (organization), objects and artifacts (item), happenings (event), quests and goals (mission),',
  'legends, gods and history (lore), and other named ideas (concept).',
  'Use the name as written; give other names or titles the passage uses for the same thing as aliases.',
  'Describe each in one sentence taken from what the passage says.',
  "Relate concepts only as the passage states, with a short verb phrase read as 'source <relationship> target'",
  "(e.g. 'leads', 'sealed beneath', 'captain of'), and a strength from 1 (passing) to 10 (central and explicit).",
  'Leave out rules terms, game mechanics and anything the passage does not name.',
].join(' ');

/** Consecutive chunks grouped up to the token budget; a single larger chunk goes alone. */
export function batchChunks(filename: string, chunks: DocumentChunk[], maxTokens = MAX_BATCH_TOKENS): ChunkBatch[] {
  const batches: ChunkBatch[] = [];
  let current: DocumentChunk[] = [];
  let tokens = 0;
  const flush = () => {
    if (current.length === 0) return;
    batches.push(toBatch(filename, current));
    current = [];
    tokens = 0;
  };
  for (const chunk of chunks) {
    if (!chunk.content.trim()) continue;
    const size = Math.max(1, chunk.token_count);
    if (current.length > 0 && tokens + size > maxTokens) flush();
    current.push(chunk);
    tokens += size;
  }
  flush();
  return batches;
}

function toBatch(filename: string, chunks: DocumentChunk[]): ChunkBatch {
  const passages = chunks.map((chunk) => (chunk.heading_path ? `[${chunk.heading_path}]\n${chunk.content}` : chunk.content));
  return {
    chunks,
    prompt: `From the document “${filename}”:\n\n<passage>\n${passages.join('\n\n')}\n</passage>`,
    text: chunks.map((chunk) => chunk.content).join('\n\n'),
  };
}
