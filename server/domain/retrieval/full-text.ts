import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { expandQuery } from './query-expansion';
import { scopeCondition, type SearchScope } from './scope';
import { termStatistics } from './statistics';

/** Terms in more than this share of the chunks only rank; they do not select candidates. */
const COMMON_TERM_SHARE = 0.2;
/** A term found in a chunk's heading path counts this much more. */
const HEADING_BONUS = 0.5;
/** BM25's length normalisation (each term counted once: chunks are short). */
const K1 = 1.2;
const B = 0.2;
const MAX_TERMS = 24;

/**
 * At most this many passages are scored per question: the rarest terms select passages alone
 * while their passages add up to this; a more common term selects only passages holding another
 * of the question's terms too. Beyond it (a question of common words only) the first passages
 * the index gives are scored, so the cost stays bounded whatever the library's size.
 */
const SCORED_BUDGET = 1_000;
/** The common terms paired with a selecting term, rarest first. */
const MAX_PARTNERS = 8;

/**
 * Full-text candidates, best first. Postgres ranks text without knowing how rare a word is, so
 * the question's stemmed terms are weighed here, BM25-style: each term a chunk holds adds its
 * inverse document frequency within the scope, half again when the term is in the chunk's
 * heading path, scaled down a little for chunks longer than the average; ts_rank_cd (cover
 * density) breaks ties. The document frequencies come from the statistics the database keeps
 * (statistics.ts), and the passages scored are bounded (SCORED_BUDGET); see ADR 0100.
 */
export async function fullTextCandidates(db: Kysely<DB>, scope: SearchScope, query: string, limit: number): Promise<number[]> {
  if (query.trim() === '' || scope.datasetIds.length === 0) return [];
  const expanded = expandQuery(query);
  const lexemes = await sql<{ lexeme: string }>`select distinct lexeme from unnest(to_tsvector('english', ${expanded}))`.execute(db);
  const terms = lexemes.rows.map((row) => row.lexeme).slice(0, MAX_TERMS);
  if (terms.length === 0) return [];

  // Built here as tsquery text and cast once, so Postgres does not rebuild it for every row.
  const termQuery = (term: string, weight = '') => sql`${quoteLexeme(term) + weight}::tsquery`;
  const statistics = await termStatistics(db, scope, terms);
  const total = statistics.passages;
  const averageTokens = statistics.averageTokens;
  const weighed = terms
    .map((term) => ({ term, df: statistics.documentFrequency.get(term) ?? 0 }))
    .filter((t) => t.df > 0)
    .map((t) => ({ ...t, idf: Math.log(1 + (total - t.df + 0.5) / (t.df + 0.5)) }));
  if (weighed.length === 0) return [];

  const selective = weighed.filter((t) => t.df <= Math.max(1, total * COMMON_TERM_SHARE));
  const selecting = selectingQuery(selective.length > 0 ? selective : weighed, weighed);
  const anyTerm = sql`${weighed.map((t) => quoteLexeme(t.term)).join(' | ')}::tsquery`;
  const lengthFactor = sql`(${K1 + 1}::float8 / (1 + ${K1}::float8 * (${1 - B}::float8 + ${B}::float8 * c.token_count / ${averageTokens}::float8)))`;
  const score = sql`${lengthFactor} * (${sql.join(
    weighed.map(
      (t) =>
        sql`(case when c.search_vector @@ ${termQuery(t.term)} then ${t.idf}::float8 else 0 end) + (case when c.search_vector @@ ${termQuery(t.term, ':B')} then ${t.idf * HEADING_BONUS}::float8 else 0 end)`,
    ),
    sql` + `,
  )}) + ts_rank_cd(c.search_vector, ${anyTerm}, 1)`;

  // The subquery bounds the rows scored and hands each one's search_vector over once,
  // decompressed, instead of once per term the score tests.
  const { rows } = await sql<{ id: string }>`select c.id from (
      select c.id, c.token_count, c.search_vector || ''::tsvector as search_vector from chunks c
      where ${scopeCondition(scope)} and c.search_vector @@ (${selecting})
      limit ${SCORED_BUDGET}
    ) c
    order by ${score} desc, c.id
    limit ${limit}`.execute(db);
  return rows.map((r) => Number(r.id));
}

/**
 * Which passages are scored: those holding one of the rarest terms, while these add up to
 * SCORED_BUDGET passages; then those holding a more common selecting term together with another
 * of the question's terms (the passages a BM25 score ranks first among them).
 */
function selectingQuery(selecting: Array<{ term: string; df: number }>, weighed: Array<{ term: string; df: number }>) {
  const byRarity = [...selecting].sort((a, b) => a.df - b.df || a.term.localeCompare(b.term));
  const alone: string[] = [];
  let passages = 0;
  for (const t of byRarity) {
    if (alone.length > 0 && passages + t.df > SCORED_BUDGET) break;
    if (alone.length === 0 && t.df > SCORED_BUDGET) break;
    alone.push(t.term);
    passages += t.df;
  }
  const partners = [...weighed].sort((a, b) => a.df - b.df || a.term.localeCompare(b.term)).slice(0, MAX_PARTNERS + 1);
  const paired = new Set<string>();
  for (const t of byRarity.filter((t) => !alone.includes(t.term))) {
    for (const partner of partners) {
      if (partner.term === t.term || alone.includes(partner.term)) continue;
      const [a, b] = [t.term, partner.term].sort();
      paired.add(`(${quoteLexeme(a)} & ${quoteLexeme(b)})`);
    }
  }
  const parts = [...alone.map(quoteLexeme), ...paired];
  // A single common term and nothing to pair it with: its passages, bounded by the scoring budget.
  if (parts.length === 0) parts.push(quoteLexeme(byRarity[0].term));
  return sql`${parts.join(' | ')}::tsquery`;
}

/** A lexeme as a tsquery operand. */
function quoteLexeme(term: string): string {
  return `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
