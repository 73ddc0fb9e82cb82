import type { Kysely } from 'kysely';
import { servingEmbedder } from './serving-model';
import type { Embedder, Passage, Reranker } from '../../ai/types';
import type { DB } from '../../db/schema';
import { DEFAULT_CONTEXT_LEVEL, type ContextLevel } from '../../../contract/chat';
import { CANDIDATES_PER_RETRIEVER, CONTEXT_BUDGETS, type ContextBudget } from './context-levels';
import { exactNameCandidates, namesIn } from './exact-names';
import { fullTextCandidates } from './full-text';
import { keepSearchStatisticsFresh } from './statistics';
import { titleCandidatesIn } from './titles';
import { namesUnitAndKind, passageScores, questionTermsOf } from '../../ai/sentence-scoring';
import { contentTerms } from '../../ai/terms';
import { reciprocalRankFusion, type RankedList } from './fusion';
import { scopeCondition, swappedInChunk, type SearchScope } from './scope';
import { vectorCandidates, type VectorBackend } from './vector-search';
import { log } from '../../log';
import { generatedTextVersions } from './generated-documents';

export type RetrievalMode = 'hybrid' | 'fulltext' | 'vector';

/** How many fused candidates the reranking stage reads. */
const RERANK_DEPTH = 40;
const TITLE_CANDIDATES = 24;
/** What each signal adds to a candidate's score in the reranking stage (rerank below), beside its fused score. */
const RERANK_WEIGHTS = {
  /** The question names the passage's title (two words or more; 0.6 of it for one). */
  title: 1,
  /** Per name from the question the passage holds verbatim (two at most). */
  name: 0.5,
  /** The question names the passage's document in full ("what happened in session 12" and session-12.log). */
  document: 2,
  /** The question names the passage's unit and its kind ("the resistance cantrip" and "Spell Descriptions > Resistance"). */
  unitAndKind: 0.5,
  /** The passage's best sentence against the question, scaled to the best candidate's. */
  sentence: 1,
};

export interface SearchRequest {
  scope: SearchScope;
  query: string;
  /** The conversation's previous question: searched at half weight so a follow-up keeps its subject. */
  contextQuery?: string;
  embedder: Embedder;
  /** A reranking model (Voyage's, with a Voyage key); without one the candidates are reranked offline. */
  reranker?: Reranker | null;
  level?: ContextLevel;
  /** Overrides the level's budget. */
  budget?: ContextBudget;
  mode?: RetrievalMode;
  vectorBackend?: VectorBackend;
}

export interface RetrievedPassage {
  chunkId: number;
  documentId: string;
  datasetId: string;
  filename: string;
  headingPath: string;
  page: number | null;
  content: string;
  tokenCount: number;
  /** Fused score (higher is better). */
  score: number;
  /** The chunk holds a name from the question verbatim. */
  exactMatch: boolean;
  /** The chunk belongs to a document saved from generated content. */
  generated: boolean;
}

export interface SearchResult {
  passages: RetrievedPassage[];
  /** The query embedding call, for the usage record; null when none was made. */
  embedding: { model: string; tokens: number; durationMs: number } | null;
  /** The reranking model's call, for the usage record; null when the candidates were reranked offline. */
  rerank: { model: string; tokens: number; durationMs: number } | null;
}

/**
 * Hybrid retrieval: full-text and vector candidates fused with reciprocal rank fusion, chunks
 * holding a name from the question verbatim first, then packed into the context level's
 * passage and token budget. Reads only the scope it is given.
 */
export async function searchPassages(db: Kysely<DB>, request: SearchRequest): Promise<SearchResult> {
  const budget = request.budget ?? CONTEXT_BUDGETS[request.level ?? DEFAULT_CONTEXT_LEVEL];
  const mode = request.mode ?? 'hybrid';
  const { scope, query } = request;
  const contextQuery = request.contextQuery?.trim() ? `${request.contextQuery.trim()} ${query}` : undefined;
  if (scope.datasetIds.length === 0 || query.trim() === '') return { passages: [], embedding: null, rerank: null };

  void keepSearchStatisticsFresh(db);
  const limit = Math.max(CANDIDATES_PER_RETRIEVER, budget.passages * 3);
  let names = namesIn(query);
  if (names.length === 0 && request.contextQuery) names = namesIn(request.contextQuery);

  // The retrievers are independent: on the Postgres server they run side by side on the pool's
  // connections (the embedded database takes their statements one after another, as before).
  const fullText =
    mode === 'vector' ? null : Promise.all([fullTextCandidates(db, scope, query, limit), contextQuery ? fullTextCandidates(db, scope, contextQuery, limit) : null]);
  const vector = mode === 'fulltext' ? null : vectorCandidateLists(db, request, scope, contextQuery ? [query, contextQuery] : [query], limit);
  const exactRows = mode === 'hybrid' ? exactNameCandidates(db, scope, names, limit) : [];
  const titledRows = mode === 'hybrid' ? titleCandidatesIn(db, scope, query, TITLE_CANDIDATES) : [];
  const [fullTextIds, vectorIds, exact, titled] = await Promise.all([fullText, vector, exactRows, titledRows]);

  // The lists in a fixed order (fusion breaks ties by it): full text, vectors, exact names, titles.
  const lists: RankedList[] = [];
  if (fullTextIds) {
    lists.push({ ids: fullTextIds[0], weight: 1 });
    if (fullTextIds[1]) lists.push({ ids: fullTextIds[1], weight: 0.5 });
  }
  if (vectorIds) {
    lists.push({ ids: vectorIds.ids[0], weight: 1 });
    if (vectorIds.ids[1]) lists.push({ ids: vectorIds.ids[1], weight: 0.5 });
  }
  const embedding = vectorIds?.embedding ?? null;
  const hitsOf = new Map(exact.map((row) => [row.id, row.hits]));
  if (exact.length > 0) lists.push({ ids: exact.map((row) => row.id), weight: 1 });
  const titleWords = new Map(titled.map((row) => [row.id, row.words]));
  if (titled.length > 0) lists.push({ ids: titled.map((row) => row.id), weight: 1 });

  const fused = reciprocalRankFusion(lists);
  const shortlist = fused.slice(0, Math.max(RERANK_DEPTH, budget.passages * 3));
  const inShortlist = new Set(shortlist.map((r) => r.id));
  for (const r of fused) if (!inShortlist.has(r.id) && (titleWords.has(r.id) || hitsOf.has(r.id))) shortlist.push(r);
  const hydrated = await hydrate(db, scope, shortlist, hitsOf);
  let ranked = hydrated;
  let rerankCall: SearchResult['rerank'] = null;
  if (mode === 'hybrid') {
    const byModel = request.reranker && hydrated.length > 0 ? await rerankWithModel(request.reranker, query, hydrated) : null;
    ranked = byModel?.ranked ?? rerank(query, hydrated, { titleWords, hitsOf });
    rerankCall = byModel?.call ?? null;
  }
  const passages = pack(ranked, budget);
  return { passages, embedding, rerank: rerankCall };
}

/** The question (and the conversation's context, if any) embedded, and each one's nearest passages. */
async function vectorCandidateLists(db: Kysely<DB>, request: SearchRequest, scope: SearchRequest['scope'], texts: string[], limit: number) {
  const started = performance.now();
  // The older model while the library is re-embedded for a new one (serving-model.ts).
  const embedder = await servingEmbedder(db, request.embedder);
  const embedded = await embedder.embed(texts, 'query');
  const embedding: NonNullable<SearchResult['embedding']> = { model: embedder.model, tokens: embedded.tokens, durationMs: performance.now() - started };
  const options = { model: embedder.model, limit, backend: request.vectorBackend };
  const ids = await Promise.all(embedded.vectors.map((vector) => vectorCandidates(db, scope, vector, options)));
  return { ids, embedding };
}

/**
 * The reranking stage: each candidate's fused score, its best sentence's score against the
 * question (sentence-scoring, shared with the offline answerer), and whether the question names
 * its title or holds a name it contains, added on one scale. Generated documents (content
 * the game master saved from the assistant) go after every other passage, so they never
 * outrank the passages they were written from.
 */
function rerank(query: string, candidates: RetrievedPassage[], signals: { titleWords: Map<number, number>; hitsOf: Map<number, number> }): RetrievedPassage[] {
  if (candidates.length === 0) return candidates;
  const terms = questionTermsOf(query);
  const own = new Set(terms.own);
  const namesDocument = (filename: string) => {
    const nameTerms = contentTerms(filename.replace(/\.[a-z0-9]{1,5}$/i, '').replace(/[-_]+/g, ' '));
    return nameTerms.length > 0 && nameTerms.every((term) => own.has(term));
  };
  const sentenceScores = passageScores(
    terms,
    candidates.map((c) => ({ content: c.content, headingPath: c.headingPath, title: c.filename })),
  );
  const maxSentence = Math.max(...sentenceScores) || 1;
  const maxFused = Math.max(...candidates.map((c) => c.score)) || 1;
  const scored = candidates.map((candidate, i) => {
    const words = signals.titleWords.get(candidate.chunkId) ?? 0;
    const title = words === 0 ? 0 : words >= 2 ? RERANK_WEIGHTS.title : RERANK_WEIGHTS.title * 0.6;
    const names = Math.min(2, signals.hitsOf.get(candidate.chunkId) ?? 0) * RERANK_WEIGHTS.name;
    const document = namesDocument(candidate.filename) ? RERANK_WEIGHTS.document : 0;
    const unitAndKind = namesUnitAndKind(terms, candidate.headingPath) ? RERANK_WEIGHTS.unitAndKind : 0;
    const score = candidate.score / maxFused + (RERANK_WEIGHTS.sentence * sentenceScores[i]) / maxSentence + title + names + document + unitAndKind;
    return { candidate: { ...candidate, score }, generated: candidate.generated };
  });
  scored.sort((a, b) => Number(a.generated) - Number(b.generated) || b.candidate.score - a.candidate.score || a.candidate.chunkId - b.candidate.chunkId);
  return scored.map((s) => s.candidate);
}

/**
 * The reranking stage with a reranking model: the model's relevance order (ties keep the fused
 * order), generated documents still after every other passage. Each candidate is sent under its
 * heading path, which names the unit it belongs to ("Monsters > Owlbear"). A failure is logged
 * and answered with null, so the offline reranking stands in and the question is still answered.
 */
async function rerankWithModel(
  reranker: Reranker,
  query: string,
  candidates: RetrievedPassage[],
): Promise<{ ranked: RetrievedPassage[]; call: NonNullable<SearchResult['rerank']> } | null> {
  const started = performance.now();
  try {
    const { scores, tokens } = await reranker.rerank(query, candidates.map(rerankText));
    const ranked = candidates
      .map((candidate, index) => ({ candidate: { ...candidate, score: scores[index] }, index }))
      .sort((a, b) => Number(a.candidate.generated) - Number(b.candidate.generated) || b.candidate.score - a.candidate.score || a.index - b.index)
      .map((entry) => entry.candidate);
    return { ranked, call: { model: reranker.model, tokens, durationMs: performance.now() - started } };
  } catch (error) {
    log().warn({ err: error, model: reranker.model }, `reranking with ${reranker.model} failed, reranked offline instead`);
    return null;
  }
}

function rerankText(passage: Pick<RetrievedPassage, 'headingPath' | 'content'>): string {
  return passage.headingPath ? `${passage.headingPath}\n\n${passage.content}` : passage.content;
}

async function hydrate(db: Kysely<DB>, scope: SearchScope, ranked: Array<{ id: number; score: number }>, hitsOf: Map<number, number>): Promise<RetrievedPassage[]> {
  if (ranked.length === 0) return [];
  const rows = await db
    .selectFrom('chunks as c')
    .innerJoin('documents as d', 'd.id', 'c.document_id')
    .select(['c.id', 'c.document_id', 'c.dataset_id', 'c.heading_path', 'c.page', 'c.content', 'c.token_count', 'd.filename', 'd.text_version'])
    .where(
      'c.id',
      'in',
      ranked.map((r) => r.id),
    )
    // The scope again (audience included): a candidate list is never trusted to have stayed inside it.
    .where(scopeCondition(scope))
    // Not the passages an ingest under way is writing: they are the document's at its swap (ADR 0253).
    .where(swappedInChunk)
    .execute();
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const generated = await generatedTextVersions(
    db,
    rows.map((row) => row.text_version),
  );
  return ranked.flatMap(({ id, score }) => {
    const row = byId.get(id);
    if (!row || (scope.documentId && row.document_id !== scope.documentId)) return [];
    return [
      {
        chunkId: id,
        documentId: row.document_id,
        datasetId: row.dataset_id,
        filename: row.filename,
        headingPath: row.heading_path,
        page: row.page,
        content: row.content,
        tokenCount: row.token_count,
        score,
        exactMatch: (hitsOf.get(id) ?? 0) > 0,
        generated: row.text_version !== null && generated.has(row.text_version),
      },
    ];
  });
}

/** Best first, within the passage count and token budget; the best passage always goes. */
function pack(candidates: RetrievedPassage[], budget: ContextBudget): RetrievedPassage[] {
  const chosen: RetrievedPassage[] = [];
  let tokens = 0;
  for (const passage of candidates) {
    if (chosen.length >= budget.passages) break;
    if (chosen.length > 0 && tokens + passage.tokenCount > budget.contextTokens) continue;
    chosen.push(passage);
    tokens += passage.tokenCount;
  }
  return chosen;
}

/** A retrieved passage as the AI providers take it (its chunk id is the citation's source id). */
export function toAiPassage(p: RetrievedPassage): Passage {
  return {
    sourceId: String(p.chunkId),
    title: p.filename,
    content: p.content,
    documentId: p.documentId,
    datasetId: p.datasetId,
    page: p.page,
    headingPath: p.headingPath || undefined,
  };
}
