import type { Kysely } from 'kysely';
import type { ChatCitation } from '../../../contract/chat';
import type { Citation } from '../../ai/types';
import type { DB } from '../../db/schema';
import type { RetrievedPassage } from '../retrieval';
import { isRecordPassage } from './campaign-records';
import type { CampaignAccess } from '../ownership';
import { playerText } from '../../../contract/gm-blocks';
import { readDocumentText } from '../tomes/document-text';

/** The generator's citations (indexes into the passages sent) as the citations our API answers with. */
export function citationsFromPassages(citations: Citation[], passages: RetrievedPassage[]): ChatCitation[] {
  return citations.map((citation) => {
    const passage = passages[citation.passageIndex];
    if (!passage) {
      return { source_id: citation.sourceId, filename: '', quote: citation.quote, document_id: null, dataset_id: null, page: null, start: null, end: null };
    }
    if (isRecordPassage(passage)) {
      return {
        source_id: passage.link,
        filename: passage.filename,
        quote: citation.quote,
        document_id: null,
        dataset_id: null,
        page: null,
        start: null,
        end: null,
        link: passage.link,
      };
    }
    return {
      source_id: String(passage.chunkId),
      filename: passage.filename,
      quote: citation.quote,
      document_id: passage.documentId,
      dataset_id: passage.datasetId,
      page: passage.page,
      start: null,
      end: null,
    };
  });
}

/**
 * Places each citation in its document's stored content (what the viewer shows): `start`/`end`
 * are the quote's character offsets there, and the quote becomes the content's own text at
 * those offsets (a table row the chunker rebuilt as "a | b" is quoted as the document writes
 * it). The search starts where the cited passage begins, so a line repeated across a rulebook
 * ("**Range:** 150 feet") is found in the right unit. A quote that cannot be found keeps null
 * offsets. Reads only the GM's documents; for a player only visible ones, in the text the
 * player reads (GM blocks cut out), so the offsets point into what the player sees.
 */
export async function placeCitations(
  db: Kysely<DB>,
  reader: string | Pick<CampaignAccess, 'ownerId' | 'audience'>,
  citations: ChatCitation[],
  passages: Array<Pick<RetrievedPassage, 'chunkId' | 'content'>> = [],
): Promise<ChatCitation[]> {
  const { ownerId, audience } = typeof reader === 'string' ? { ownerId: reader, audience: 'gm' as const } : reader;
  const documentIds = [...new Set(citations.map((c) => c.document_id).filter((id): id is string => id !== null))];
  if (documentIds.length === 0) return citations;
  let query = db.selectFrom('documents').select(['id', 'file_type']).where('id', 'in', documentIds).where('user_id', '=', ownerId);
  if (audience === 'player') query = query.where('player_visible', '=', true);
  const contentOf = new Map<string, string>();
  for (const row of await query.execute()) {
    const text = await readDocumentText(db, row.id);
    contentOf.set(row.id, audience === 'player' ? playerText(text, row.file_type) : text);
  }
  const passageOf = new Map(passages.map((p) => [String(p.chunkId), p.content]));
  // Never trusted to have stayed inside what a player reads: a citation of anything else goes.
  const readable = audience === 'player' ? citations.filter((c) => c.document_id === null || contentOf.has(c.document_id)) : citations;
  return readable.map((citation) => {
    const content = citation.document_id ? contentOf.get(citation.document_id) : undefined;
    if (!content) return citation;
    const anchor = anchorOf(content, passageOf.get(citation.source_id));
    const found = locateQuote(content, citation.quote, anchor);
    if (!found) return { ...citation, start: null, end: null };
    return { ...citation, quote: content.slice(found.start, found.end), start: found.start, end: found.end };
  });
}

/** Where a passage starts in its document: its first line found verbatim, else 0. */
function anchorOf(content: string, passage: string | undefined): number {
  if (!passage) return 0;
  for (const line of passage.split('\n')) {
    const probe = line.trim();
    if (probe.length < 12) continue;
    const at = content.indexOf(probe);
    return at >= 0 ? at : 0;
  }
  return 0;
}

/**
 * The quote's place in the content: verbatim from the anchor on, else anywhere; failing that,
 * the same words with any spacing and table pipes between them (rebuilt rows, joined lines).
 */
export function locateQuote(content: string, quote: string, anchor = 0): { start: number; end: number } | null {
  const text = quote.trim();
  if (!text) return null;
  for (const from of [anchor, 0]) {
    const at = content.indexOf(text, from);
    if (at >= 0) return { start: at, end: at + text.length };
  }
  const words = text.split(/[\s|]+/).filter(Boolean);
  if (words.length === 0 || words.length > 400) return null;
  const pattern = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s|]+'), 'g');
  for (const from of [anchor, 0]) {
    pattern.lastIndex = from;
    const match = pattern.exec(content);
    if (match) return { start: match.index, end: match.index + match[0].length };
  }
  return null;
}

/** The page a quote of a whole PDF sits on: its text joins pages with a form feed. */
export function pageOfQuote(content: string, quote: string, pageCount: number | null): number | null {
  if (!pageCount) return null;
  const at = content.indexOf(quote);
  if (at < 0) return null;
  let page = 1;
  for (let i = content.indexOf('\f'); i !== -1 && i < at; i = content.indexOf('\f', i + 1)) page += 1;
  return Math.min(page, pageCount);
}
