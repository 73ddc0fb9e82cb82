import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { expandQuery } from './query-expansion';
import { scopeCondition, type SearchScope } from './scope';
import { questionTermStatistics } from './statistics';

/** Terms in more than this share of the chunks only rank; they do not select candidates. */
const COMMON_TERM_SHARE = 0.2;
/** A term found in a chunk's heading path counts this much more. */
const HEADING_BONUS = 0.5;
/** BM25's length normalisation (each term counted once: chunks are short). */
const BM25 = { k1: 1.2, b: 0.2 };
const MAX_TERMS = 24;

/**
 * At most this many passages are scored per question: the rarest terms select passages alone
 * while their passages add up to this; a more common term selects only passages holding another
 * of the question's terms too, the pairs expected to match fewest first, while the expected
 * passages still fit. Beyond it the first passages the index gives are scored, so the cost stays
 * bounded whatever the library's size (ADR 0155).
 */
const SCORED_BUDGET = 1_000;
/**
 * Cover density (ts_rank_cd, the costliest part of a score) breaks ties among this many times the
 * candidates asked for. 4 ranked the grounding bench and the 100k library the same for about 4%
 * more server CPU a search; 2 lost a passage on the grounding bench's tuning half (docs/benchmarks.md, session 16).
 */
const TIE_BREAK_DEPTH = 3;
/** A scope holding at least this share of the database's passages is not looked up through the tome index. */
const WHOLE_LIBRARY_SHARE = 0.5;
/** The common terms paired with a selecting term, rarest first. */
const MAX_PARTNERS = 8;

/**
 * Full-text candidates, best first. Postgres ranks text without knowing how rare a word is, so
 * the question's stemmed terms are weighed here, BM25-style: each term a chunk holds adds its
 * inverse document frequency within the scope, half again when the term is in the chunk's
 * heading path, scaled down a little for chunks longer than the average; ts_rank_cd (cover
 * density) breaks ties. The document frequencies come from the statistics the database keeps
 * (statistics.ts), and the passages scored are bounded (SCORED_BUDGET); see ADRs 0100 and 0155.
 */
export async function fullTextCandidates(db: Kysely<DB>, scope: SearchScope, query: string, limit: number): Promise<number[]> {
  if (query.trim() === '' || scope.datasetIds.length === 0) return [];
  const statistics = await questionTermStatistics(db, scope, expandQuery(query), MAX_TERMS);
  const terms = statistics.terms;
  if (terms.length === 0) return [];

  // Built here as tsquery text and cast once, so Postgres does not rebuild it for every row.
  const termQuery = (term: string, weight = '') => sql`${quoteLexeme(term) + weight}::tsquery`;
  const total = statistics.passages;
  const averageTokens = statistics.averageTokens;
  const weighed = terms
    .map((term) => ({ term, df: statistics.documentFrequency.get(term) ?? 0 }))
    .filter((t) => t.df > 0)
    .map((t) => ({ ...t, idf: Math.log(1 + (total - t.df + 0.5) / (t.df + 0.5)) }));
  if (weighed.length === 0) return [];

  const selective = weighed.filter((t) => t.df <= Math.max(1, total * COMMON_TERM_SHARE));
  const selecting = selectingCondition(selective.length > 0 ? selective : weighed, weighed, total);
  const anyTerm = sql`${weighed.map((t) => quoteLexeme(t.term)).join(' | ')}::tsquery`;
  const { k1, b } = BM25;
  const lengthFactor = sql`(${k1 + 1}::float8 / (1 + ${k1}::float8 * (${1 - b}::float8 + ${b}::float8 * t.token_count / ${averageTokens}::float8)))`;
  const score = sql`${lengthFactor} * (${sql.join(
    weighed.map(
      (t) =>
        // The heading's words are among the passage's words, so a term the passage lacks is tested once.
        sql`(case when t.terms @@ ${termQuery(t.term)} then ${t.idf}::float8 + (case when t.heading_terms @@ ${termQuery(t.term)} then ${t.idf * HEADING_BONUS}::float8 else 0 end) else 0 end)`,
    ),
    sql` + `,
  )})`;

  // The selection is a materialised CTE read through a LIMIT, so the planner answers it from the
  // full-text index (a bitmap: ids only, no search_vector read) instead of a scan that reads and
  // tests every passage's vector until enough match. The selected passages are scored from their
  // narrow rows in chunk_search_terms (migration 113: the stemmed words without positions, stored
  // inline), not from search_vector, which is mostly compressed out of line (ADR 0208). Cover
  // density, the costliest part of a score and the one that needs positions, only orders the best
  // TIE_BREAK_DEPTH x limit by the term weights, reading their search_vector then.
  // A scope holding most of the database's passages (by the planner's count of chunks; unknown
  // until the first ANALYZE) is tested on the selected rows, not intersected as a bitmap of the
  // whole scope: that bitmap alone was 23-34 ms at 100k passages (ADR 0208).
  const mostOfTheDatabase = (statistics.databasePassages ?? 0) > 0 && total >= WHOLE_LIBRARY_SHARE * (statistics.databasePassages ?? 0);
  const inScope = scopeCondition(scope, { tomeIndex: !mostOfTheDatabase });
  const { rows } = await sql<{ id: string }>`with picked as materialized (select c.id from chunks c where ${inScope} and ${selecting})
    select c.id from (
      select t.chunk_id as id, ${score} as score from chunk_search_terms t
      where t.chunk_id in (select id from picked limit ${SCORED_BUDGET})
      order by score desc, t.chunk_id
      limit ${limit * TIE_BREAK_DEPTH}
    ) best
    join chunks c on c.id = best.id
    order by best.score + ts_rank_cd(c.search_vector, ${anyTerm}, 1) desc, c.id
    limit ${limit}`.execute(db);
  return rows.map((r) => Number(r.id));
}

/**
 * Which passages are scored: those holding one of the rarest terms, while these add up to
 * SCORED_BUDGET passages; then those holding a more common selecting term together with another
 * of the question's terms (the passages a BM25 score ranks first among them).
 *
 * Written as one condition per pair, OR'd, not as one tsquery: the full-text index then answers
 * each pair by intersecting two posting lists (skipping through the longer one), and Postgres
 * ORs the small results. One tsquery 'a | b & c | ...' makes the index test every passage
 * holding any of the terms against the whole query, which grows with the library (110 ms
 * against 3 ms for a question of common words at 100k passages).
 */
function selectingCondition(selecting: Array<{ term: string; df: number }>, weighed: Array<{ term: string; df: number }>, total: number) {
  const byRarity = [...selecting].sort((a, b) => a.df - b.df || a.term.localeCompare(b.term));
  const alone: string[] = [];
  let passages = 0;
  for (const t of byRarity) {
    if (alone.length > 0 && passages + t.df > SCORED_BUDGET) break;
    if (alone.length === 0 && t.df > SCORED_BUDGET) break;
    alone.push(t.term);
    passages += t.df;
  }
  // Pairs, the fewest expected passages first (as if the terms were independent), while these add up to the budget.
  const partners = [...weighed].sort((a, b) => a.df - b.df || a.term.localeCompare(b.term)).slice(0, MAX_PARTNERS + 1);
  const pairs = new Map<string, { terms: [string, string]; expected: number }>();
  for (const t of byRarity.filter((t) => !alone.includes(t.term))) {
    for (const partner of partners) {
      if (partner.term === t.term || alone.includes(partner.term)) continue;
      const terms = [t.term, partner.term].sort() as [string, string];
      pairs.set(terms.join(' '), { terms, expected: (t.df * partner.df) / Math.max(1, total) });
    }
  }
  const paired: Array<[string, string]> = [];
  for (const pair of [...pairs.values()].sort((a, b) => a.expected - b.expected || a.terms.join(' ').localeCompare(b.terms.join(' ')))) {
    if (paired.length > 0 && passages + pair.expected > SCORED_BUDGET) break;
    paired.push(pair.terms);
    passages += pair.expected;
  }
  const holds = (term: string) => sql`c.search_vector @@ ${quoteLexeme(term)}::tsquery`;
  const parts = [
    ...(alone.length > 0 ? [sql`c.search_vector @@ ${alone.map(quoteLexeme).join(' | ')}::tsquery`] : []),
    ...paired.map(([a, b]) => sql`(${holds(a)} and ${holds(b)})`),
  ];
  // A single common term and nothing to pair it with: its passages, bounded by the scoring budget.
  if (parts.length === 0) parts.push(holds(byRarity[0].term));
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** A lexeme as a tsquery operand. */
function quoteLexeme(term: string): string {
  return `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
