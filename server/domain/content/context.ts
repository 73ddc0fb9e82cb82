import type { Kysely } from 'kysely';
import type { CharacterFormat, ContentType } from '../../../contract/content';
import type { Embedder, Reranker } from '../../ai/types';
import type { DB } from '../../db/schema';
import { providerFailure } from '../chat/ai-failure';
import { recordSearchUsage } from '../chat/usage-records';
import { searchPassages, type ContextBudget, type RetrievedPassage } from '../retrieval';
import { swappedInChunk } from '../retrieval/scope';
import { readStatBlock, statBlockScore } from './stat-block';

/** The primary tome gets most of the room; the campaign's other tomes fill in around it. */
const PRIMARY_BUDGET: ContextBudget = { passages: 8, contextTokens: 4_000, answerTokens: 0 };
const LINKED_BUDGET: ContextBudget = { passages: 4, contextTokens: 1_600, answerTokens: 0 };
const STAT_BLOCK_BUDGET: ContextBudget = { passages: 12, contextTokens: 8_000, answerTokens: 0 };
/** Stat blocks kept from that search. */
const STAT_BLOCKS_KEPT = 2;
/** Words every stat block holds: a second search for them finds the layout to follow. */
const STAT_BLOCK_WORDS = 'stat block Armor Class Hit Points Speed Challenge Actions';

export interface ContentContextRequest {
  userId: string;
  primaryDatasetId: string;
  /** The campaign's linked tomes, read at request time. */
  linkedDatasetIds: string[];
  contentType: ContentType;
  characterFormat: CharacterFormat | null;
  /** What to search for: the description, or the revision's change. */
  query: string;
  /** For a revision, the original description, searched at half weight so the subject stays. */
  contextQuery?: string;
  embedder: Embedder;
  /** Voyage's reranker when configured; the offline reranking otherwise. */
  reranker?: Reranker | null;
}

/**
 * The passages content is written from: the primary tome's best matches first, then the
 * campaign's other linked tomes; for a stat block also the primary tome's closest stat blocks.
 * Each search's query embedding and reranking are recorded as usage.
 */
export async function contentContext(db: Kysely<DB>, request: ContentContextRequest): Promise<RetrievedPassage[]> {
  const { userId, primaryDatasetId, embedder, reranker } = request;
  const others = request.linkedDatasetIds.filter((id) => id !== primaryDatasetId);
  const search = async (datasetIds: string[], query: string, budget: ContextBudget, contextQuery?: string) => {
    const result = await searchPassages(db, { scope: { userId, datasetIds }, query, contextQuery, embedder, reranker, budget }).catch((error: unknown) => {
      throw providerFailure(error);
    });
    await recordSearchUsage(db, userId, result);
    return result.passages;
  };

  const query = request.query;
  const passages = await search([primaryDatasetId], query, PRIMARY_BUDGET, request.contextQuery);
  if (request.contentType === 'character' && request.characterFormat === 'stats') {
    // Any of the campaign's tomes may hold the bestiary; only passages that are stat blocks count
    // (the bestiary's introduction explains Armor Class and Hit Points without being one).
    const found = await search([primaryDatasetId, ...others], `${request.query} ${STAT_BLOCK_WORDS}`, STAT_BLOCK_BUDGET, request.contextQuery);
    passages.push(...found.filter((p) => statBlockScore(readStatBlock(p.content, p.headingPath)) > 0).slice(0, STAT_BLOCKS_KEPT));
  }
  if (others.length > 0) passages.push(...(await search(others, query, LINKED_BUDGET, request.contextQuery)));

  const seen = new Set<number>();
  return passages.filter((passage) => {
    if (seen.has(passage.chunkId)) return false;
    seen.add(passage.chunkId);
    return true;
  });
}

const MAX_STAT_BLOCK_SECTIONS = 3;
const MAX_SECTION_PASSAGES = 40;

/**
 * A stat block is split over several passages and the search finds only some of them. For
 * the sections (document and heading) where a found passage holds part of one, every passage
 * of the section, in order, so the offline engine can lay the whole block out.
 */
export async function statBlockSections(db: Kysely<DB>, userId: string, passages: RetrievedPassage[]): Promise<RetrievedPassage[][]> {
  const keys: Array<{ documentId: string; headingPath: string; found: RetrievedPassage }> = [];
  for (const passage of passages) {
    if (keys.length >= MAX_STAT_BLOCK_SECTIONS) break;
    if (statBlockScore(readStatBlock(passage.content, passage.headingPath)) === 0) continue;
    if (keys.some((k) => k.documentId === passage.documentId && k.headingPath === passage.headingPath)) continue;
    keys.push({ documentId: passage.documentId, headingPath: passage.headingPath, found: passage });
  }
  const sections: RetrievedPassage[][] = [];
  for (const { documentId, headingPath, found } of keys) {
    const rows = await db
      .selectFrom('chunks as c')
      .select(['c.id', 'c.content', 'c.page', 'c.token_count'])
      .where('c.document_id', '=', documentId)
      .where('c.heading_path', '=', headingPath)
      .where('c.user_id', '=', userId)
      .where(swappedInChunk)
      .orderBy('c.ordinal')
      .limit(MAX_SECTION_PASSAGES)
      .execute();
    sections.push(
      rows.map((row) => ({
        ...found,
        chunkId: Number(row.id),
        content: row.content,
        page: row.page,
        tokenCount: row.token_count,
      })),
    );
  }
  return sections;
}
