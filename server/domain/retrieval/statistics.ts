import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { scopeCondition, type SearchScope } from './scope';

/** Rows changed since the last ANALYZE beyond which the planner's picture is stale. */
const STALE_ROWS = 200;
const STALE_SHARE = 0.1;
/** A search looks at most this often per database handle. */
const CHECK_EVERY_MS = 10_000;

/** The tables whose statistics the search's plans read. */
const SEARCH_TABLES = ['chunks', 'chunk_embeddings', 'chunk_search_terms'] as const;

const lastCheck = new WeakMap<object, number>();
const running = new WeakMap<object, Promise<void>>();

/**
 * ANALYZE of the search tables. Without statistics the planner takes a freshly filled
 * chunk_embeddings for empty and compares the question with every vector in scope instead of
 * using the HNSW index. The embedded database runs no autovacuum, so nothing else does it.
 * The full-text index's pending list is merged first, for the same reason (ADR 0100).
 * One table a statement: on the embedded database nothing else runs during a statement (ADR 0262).
 */
export async function refreshSearchStatistics(db: Kysely<DB>): Promise<void> {
  // The full-text index's pending list (passages not yet merged into it) is read by every search.
  await sql`select gin_clean_pending_list('chunks_search_idx'::regclass)`.execute(db);
  for (const table of SEARCH_TABLES) {
    await sql`analyze ${sql.table(table)}`.execute(db);
  }
}

/**
 * What a search does about stale statistics (refreshSearchStatisticsIfStale), checked at most
 * every 10 s per database handle; the ANALYZE itself runs beside the search, never in its way.
 * Ingestion refreshes them when a document is done, so this catches writes made otherwise.
 */
export function keepSearchStatisticsFresh(db: Kysely<DB>, now = Date.now()): Promise<void> | undefined {
  if (db.isTransaction) return undefined;
  if (running.has(db) || now - (lastCheck.get(db) ?? 0) < CHECK_EVERY_MS) return running.get(db);
  lastCheck.set(db, now);
  const work = refreshSearchStatisticsIfStale(db)
    .then(() => undefined)
    .catch(() => undefined)
    .finally(() => running.delete(db));
  running.set(db, work);
  return work;
}

/**
 * ANALYZE when many passages were written since the last one (any process may have written
 * them: the count comes from Postgres). Ingestion calls it when a document is done, so the
 * first search after a bulk ingest already finds the vector index. Says whether it ran.
 * `justWritten`: rows the caller has just written. Postgres publishes a connection's row counts
 * at most once a second (and an idle one's after 10 s), so its figure can still lack them.
 */
export async function refreshSearchStatisticsIfStale(db: Kysely<DB>, justWritten = 0): Promise<boolean> {
  const stale = await sql<{
    stale: boolean;
  }>`select coalesce(bool_or(greatest(n_mod_since_analyze, ${justWritten}::bigint) > greatest(${STALE_ROWS}, ${STALE_SHARE}::float8 * n_live_tup)), false) as stale
    from pg_stat_user_tables where relname in ('chunks', 'chunk_embeddings')`.execute(db);
  if (!stale.rows[0]?.stale) return false;
  await refreshSearchStatistics(db);
  return true;
}

export interface TermStatistics {
  /** Passages in scope. */
  passages: number;
  averageTokens: number;
  /** Passages in scope holding each stemmed term (terms held by none are absent). */
  documentFrequency: Map<string, number>;
}

/**
 * How many passages the scope holds, their average length, and how many hold each term, for
 * weighing a question's words. Over tomes, read from the counts the database keeps as passages
 * are written (migration 083: a few rows per term, whatever the library's size); within one
 * document, counted over that document's passages, whose number the document bounds.
 */
export async function termStatistics(db: Kysely<DB>, scope: SearchScope, terms: string[]): Promise<TermStatistics> {
  if (scope.datasetIds.length === 0 || terms.length === 0) return { passages: 0, averageTokens: 1, documentFrequency: new Map() };
  if (scope.documentId) return countedInScope(db, scope, terms);
  const inTomes = sql`s.user_id = ${scope.userId}::uuid and s.dataset_id in (${sql.join(scope.datasetIds.map((id) => sql`${id}::uuid`))})`;
  const [totals, counts] = await Promise.all([
    sql<{ passages: string | null; tokens: string | null }>`select sum(s.passages) as passages, sum(s.tokens) as tokens
      from search_passage_counts s where ${inTomes}`.execute(db),
    sql<{ lexeme: string; passages: string }>`select s.lexeme, sum(s.passages) as passages
      from search_term_counts s where ${inTomes} and s.lexeme in (${sql.join(terms)}) group by s.lexeme`.execute(db),
  ]);
  const passages = Number(totals.rows[0]?.passages ?? 0);
  return {
    passages,
    averageTokens: Math.max(1, Number(totals.rows[0]?.tokens ?? 0) / Math.max(1, passages)),
    documentFrequency: new Map(counts.rows.filter((row) => Number(row.passages) > 0).map((row) => [row.lexeme, Number(row.passages)])),
  };
}

/**
 * The question's stemmed terms (at most maxTerms, in lexeme order) with their statistics, in one
 * statement over tomes (a search waits for each round trip; see termStatistics for the figures).
 */
export async function questionTermStatistics(
  db: Kysely<DB>,
  scope: SearchScope,
  text: string,
  maxTerms: number,
): Promise<TermStatistics & { terms: string[]; databasePassages?: number }> {
  const none = { terms: [], passages: 0, averageTokens: 1, documentFrequency: new Map<string, number>() };
  if (scope.datasetIds.length === 0 || text.trim() === '') return none;
  const lexemes = sql`(select distinct lexeme from unnest(to_tsvector('english', ${text})) order by lexeme limit ${maxTerms})`;
  if (scope.documentId) {
    const { rows } = await sql<{ lexeme: string }>`select lexeme from ${lexemes} t`.execute(db);
    const terms = rows.map((row) => row.lexeme);
    return { terms, ...(await termStatistics(db, scope, terms)) };
  }
  const inTomes = sql`s.user_id = ${scope.userId}::uuid and s.dataset_id in (${sql.join(scope.datasetIds.map((id) => sql`${id}::uuid`))})`;
  const { rows } = await sql<{
    lexeme: string;
    df: string | null;
    passages: string | null;
    tokens: string | null;
    all_passages: string | number | null;
  }>`select t.lexeme,
      (select sum(s.passages) from search_term_counts s where ${inTomes} and s.lexeme = t.lexeme) as df, totals.passages, totals.tokens,
      (select c.reltuples from pg_class c where c.oid = 'chunks'::regclass) as all_passages
    from ${lexemes} t cross join (select sum(s.passages) as passages, sum(s.tokens) as tokens from search_passage_counts s where ${inTomes}) totals`.execute(db);
  const passages = Number(rows[0]?.passages ?? 0);
  return {
    terms: rows.map((row) => row.lexeme),
    passages,
    databasePassages: Math.max(0, Number(rows[0]?.all_passages ?? 0)),
    averageTokens: Math.max(1, Number(rows[0]?.tokens ?? 0) / Math.max(1, passages)),
    documentFrequency: new Map(rows.filter((row) => Number(row.df ?? 0) > 0).map((row) => [row.lexeme, Number(row.df)])),
  };
}

async function countedInScope(db: Kysely<DB>, scope: SearchScope, terms: string[]): Promise<TermStatistics> {
  const quote = (term: string) => `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  const { rows } = await sql<Record<string, string | null>>`select count(*) as n, avg(c.token_count) as average_tokens
      ${sql.join(
        terms.map((term, i) => sql`, count(*) filter (where c.search_vector @@ ${quote(term)}::tsquery) as ${sql.ref(`d${i}`)}`),
        sql``,
      )}
    from chunks c where ${scopeCondition(scope)}`.execute(db);
  const row = rows[0] ?? {};
  return {
    passages: Number(row.n ?? 0),
    averageTokens: Math.max(1, Number(row.average_tokens ?? 1)),
    documentFrequency: new Map(terms.map((term, i) => [term, Number(row[`d${i}`] ?? 0)] as const).filter(([, df]) => df > 0)),
  };
}
