import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { expandQuery } from './query-expansion';
import { scopeCondition, type SearchScope } from './scope';

/** Terms in more than this share of the chunks only rank; they do not select candidates. */
const COMMON_TERM_SHARE = 0.2;
/** A term found in a chunk's heading path counts this much more. */
const HEADING_BONUS = 0.5;
/** BM25's length normalisation (each term counted once: chunks are short). */
const K1 = 1.2;
const B = 0.2;
const MAX_TERMS = 24;

/**
 * Full-text candidates, best first. Postgres ranks text without knowing how rare a word is, so
 * the question's stemmed terms are weighed here, BM25-style: each term a chunk holds adds its
 * inverse document frequency within the scope, half again when the term is in the chunk's
 * heading path, scaled down a little for chunks longer than the average; ts_rank_cd (cover
 * density) breaks ties. The document frequencies come from the GIN index, one count per term.
 */
export async function fullTextCandidates(db: Kysely<DB>, scope: SearchScope, query: string, limit: number): Promise<number[]> {
  if (query.trim() === '' || scope.datasetIds.length === 0) return [];
  const expanded = expandQuery(query);
  const lexemes = await sql<{ lexeme: string }>`select distinct lexeme from unnest(to_tsvector('english', ${expanded}))`.execute(db);
  const terms = lexemes.rows.map((row) => row.lexeme).slice(0, MAX_TERMS);
  if (terms.length === 0) return [];

  // Built here as tsquery text and cast once, so Postgres does not rebuild it for every row.
  const quote = (term: string) => `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  const termQuery = (term: string, weight = '') => sql`${quote(term) + weight}::tsquery`;
  const inScope = scopeCondition(scope);
  const counts = await sql<Record<string, string>>`select
      (select count(*) from chunks c where ${inScope}) as n,
      (select avg(c.token_count) from chunks c where ${inScope}) as average_tokens
      ${sql.join(
        terms.map((term, i) => sql`, (select count(*) from chunks c where ${inScope} and c.search_vector @@ ${termQuery(term)}) as ${sql.ref(`d${i}`)}`),
        sql``,
      )}`.execute(db);
  const row = counts.rows[0] ?? {};
  const total = Number(row.n ?? 0);
  const averageTokens = Math.max(1, Number(row.average_tokens ?? 1));
  const weighed = terms
    .map((term, i) => ({ term, df: Number(row[`d${i}`] ?? 0) }))
    .filter((t) => t.df > 0)
    .map((t) => ({ ...t, idf: Math.log(1 + (total - t.df + 0.5) / (t.df + 0.5)) }));
  if (weighed.length === 0) return [];

  const selective = weighed.filter((t) => t.df <= Math.max(1, total * COMMON_TERM_SHARE));
  const selecting = (selective.length > 0 ? selective : weighed).map((t) => termQuery(t.term));
  const anyTerm = sql`${weighed.map((t) => quote(t.term)).join(' | ')}::tsquery`;
  const lengthFactor = sql`(${K1 + 1}::float8 / (1 + ${K1}::float8 * (${1 - B}::float8 + ${B}::float8 * c.token_count / ${averageTokens}::float8)))`;
  const score = sql`${lengthFactor} * (${sql.join(
    weighed.map(
      (t) =>
        sql`(case when c.search_vector @@ ${termQuery(t.term)} then ${t.idf}::float8 else 0 end) + (case when c.search_vector @@ ${termQuery(t.term, ':B')} then ${t.idf * HEADING_BONUS}::float8 else 0 end)`,
    ),
    sql` + `,
  )}) + ts_rank_cd(c.search_vector, ${anyTerm}, 1)`;

  const rows = await db
    .selectFrom('chunks as c')
    .select('c.id')
    .where(inScope)
    .where(sql<boolean>`c.search_vector @@ (${sql.join(selecting, sql` || `)})`)
    .orderBy(score, 'desc')
    .orderBy('c.id')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}
