import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { VECTOR_SEARCH_BACKENDS } from '../../../contract/api/health';
import { storedVector } from '../ingest/vectors';
import { scopeCondition, type SearchScope } from './scope';

/**
 * Nearest chunks by cosine similarity. Where the pgvector extension is installed the HNSW
 * index over `embedding::vector(512)` serves the search (with an iterative scan, so a filter to
 * a few datasets still returns enough rows); elsewhere an exact dot product runs in SQL over
 * the real[] column (every vector is L2-normalised, so the dot product is the cosine).
 * Only vectors of the same embedding model are compared. With pgvector, the vectors not yet in the
 * index (vector-index.ts) are compared exactly beside it.
 */
export type VectorBackend = (typeof VECTOR_SEARCH_BACKENDS)[number];

const detected = new WeakMap<object, Promise<VectorBackend>>();

/** Checked once per database handle. */
export function vectorBackendOf(db: Kysely<DB>): Promise<VectorBackend> {
  let found = detected.get(db);
  if (!found) {
    found = sql<{ present: boolean }>`select exists (select 1 from pg_extension where extname = 'vector') as present`
      .execute(db)
      .then((result) => (result.rows[0]?.present ? 'pgvector' : 'exact') as VectorBackend);
    detected.set(db, found);
    found.catch(() => detected.delete(db));
  }
  return found;
}

/**
 * What the server says, in /api/health and at start-up, on a database without pgvector: search
 * still works, comparing each passage's vector with the question's one by one.
 */
export const EXACT_SEARCH_NOTICE =
  'pgvector is not installed on this database server: search compares exactly (the question with every passage), which slows as the library grows. Install the pgvector extension (the pgvector/pgvector Postgres images have it) and restart the server.';

export interface VectorSearchOptions {
  model: string;
  limit: number;
  /** Overrides the detection (benchmarks and tests compare both). */
  backend?: VectorBackend;
}

export async function vectorCandidates(db: Kysely<DB>, scope: SearchScope, queryVector: number[], options: VectorSearchOptions): Promise<number[]> {
  const backend = options.backend ?? (await vectorBackendOf(db));
  const rows = backend === 'pgvector' ? await viaPgvector(db, scope, queryVector, options) : await viaExactSql(db, scope, queryVector, options);
  return rows.map((row) => Number(row.id));
}

async function viaPgvector(db: Kysely<DB>, scope: SearchScope, queryVector: number[], options: VectorSearchOptions) {
  const literal = `[${queryVector.join(',')}]`;
  const distance = sql<number>`(ce.embedding::vector(512)) <=> ${literal}::vector(512)`;
  // The scan's settings are made by the statement itself, local to its transaction: a condition
  // that reads no row is checked once before the scan starts (a one-time filter), so the index
  // scan already runs with them. Set in a transaction of their own they cost three more round
  // trips per search (begin, set_config, commit) on the Postgres server.
  const settings = sql<boolean>`(select set_config('hnsw.iterative_scan', 'relaxed_order', true) || set_config('hnsw.ef_search', ${String(Math.max(40, options.limit * 2))}, true)) is not null`;
  const nearest = (table: 'chunk_embeddings' | 'chunk_embeddings_pending') =>
    db
      .selectFrom(`${table} as ce`)
      .innerJoin('chunks as c', 'c.id', 'ce.chunk_id')
      .select(['c.id', distance.as('distance')])
      .where(scopeCondition(scope))
      .where('ce.model', '=', options.model)
      .orderBy(distance)
      .limit(options.limit);
  // The index's nearest neighbours, and those of the vectors not yet in it (compared one by one;
  // vector-index.ts bounds how many), in one statement.
  const rows = await db
    .selectFrom(nearest('chunk_embeddings').where(settings).as('indexed'))
    .selectAll()
    .unionAll(db.selectFrom(nearest('chunk_embeddings_pending').as('pending')).selectAll())
    .execute();
  // relaxed_order may return neighbours slightly out of order.
  return rows.sort((a, b) => Number(a.distance) - Number(b.distance) || Number(a.id) - Number(b.id)).slice(0, options.limit);
}

async function viaExactSql(db: Kysely<DB>, scope: SearchScope, queryVector: number[], options: VectorSearchOptions) {
  // A real[] parameter as every vector is written (ADR 0248): binary on PGlite, a literal on a server.
  const similarity = sql<number>`(select sum(e * q) from unnest(ce.embedding, ${storedVector(queryVector)}::real[]) as pair(e, q))`;
  // Every vector, the pending ones too: without pgvector nothing is pending, but a benchmark may
  // ask for this comparison on a database that has it.
  const rows = await db
    .selectFrom('chunk_vectors as ce')
    .innerJoin('chunks as c', 'c.id', 'ce.chunk_id')
    .select(['c.id', similarity.as('similarity')])
    .where(scopeCondition(scope))
    .where('ce.model', '=', options.model)
    .orderBy('similarity', 'desc')
    .orderBy('c.id')
    .limit(options.limit)
    .execute();
  return rows;
}
