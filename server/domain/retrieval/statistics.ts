import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Rows changed since the last ANALYZE beyond which the planner's picture is stale. */
const STALE_ROWS = 200;
const STALE_SHARE = 0.1;
/** A search looks at most this often per database handle. */
const CHECK_EVERY_MS = 10_000;

const lastCheck = new WeakMap<object, number>();
const running = new WeakMap<object, Promise<void>>();

/**
 * ANALYZE of the search tables. Without statistics the planner takes a freshly filled
 * chunk_embeddings for empty and compares the question with every vector in scope instead of
 * using the HNSW index. The embedded database runs no autovacuum, so nothing else does it.
 */
export async function refreshSearchStatistics(db: Kysely<DB>): Promise<void> {
  await sql`analyze chunks, chunk_embeddings`.execute(db);
}

/**
 * Refreshes the statistics when many passages were written since the last ANALYZE (any process
 * may have written them: the count comes from Postgres). Checked at most every 10 s per
 * database handle; the ANALYZE itself runs beside the search, never in its way.
 */
export function keepSearchStatisticsFresh(db: Kysely<DB>, now = Date.now()): Promise<void> | undefined {
  if (db.isTransaction) return undefined;
  if (running.has(db) || now - (lastCheck.get(db) ?? 0) < CHECK_EVERY_MS) return running.get(db);
  lastCheck.set(db, now);
  const work = (async () => {
    const stale = await sql<{ stale: boolean }>`select coalesce(bool_or(n_mod_since_analyze > greatest(${STALE_ROWS}, ${STALE_SHARE}::float8 * n_live_tup)), false) as stale
      from pg_stat_user_tables where relname in ('chunks', 'chunk_embeddings')`.execute(db);
    if (stale.rows[0]?.stale) await refreshSearchStatistics(db);
  })()
    .catch(() => undefined)
    .finally(() => running.delete(db));
  running.set(db, work);
  return work;
}
