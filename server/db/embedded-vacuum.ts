import { sql, type Kysely } from 'kysely';
import { log } from '../log';
import type { DB } from './schema';
import { inBackground } from './foreground';

/** How often the embedded database's tables are looked at. */
const CHECK_EVERY_MS = 60_000;
/** Autovacuum's own default rule: a table is vacuumed once its dead rows pass 50 plus a fifth of its live ones. */
const THRESHOLD_ROWS = 50;
const THRESHOLD_SHARE = 0.2;

/**
 * The embedded database runs no autovacuum (PGlite is one backend, without background workers),
 * so nothing removed the rows that deletes and updates leave behind, and new rows never reused
 * their space: with a tome deleted and the SRD corpus uploaded again twice, the passages table
 * held two dead rows for each live one (6.9 -> 19 MB), the term statistics 3.6 (ADR 0249).
 * This does autovacuum's work, by its default rule, as background work (requests go first).
 * Not for a table with an HNSW index (the passages' vectors): pgvector repairs its graph for every
 * deleted vector, 41 s in one statement for 2,112 of 10k, with every request waiting; without
 * that cleanup the dead rows stay counted, so the table would be vacuumed again every minute.
 */
export async function vacuumTablesPastThreshold(db: Kysely<DB>): Promise<string[]> {
  // A table's out-of-line values (an upload's bytes) are rows of its TOAST table, counted apart:
  // past the rule, the table that owns them is vacuumed, which vacuums them too.
  const { rows } = await sql<{ name: string }>`select format('%I.%I', n.nspname, c.relname) as name
    from pg_stat_all_tables s
    join pg_class c on c.oid = s.relid or c.reltoastrelid = s.relid
    join pg_namespace n on n.oid = c.relnamespace
    where s.n_dead_tup > ${THRESHOLD_ROWS} + ${THRESHOLD_SHARE}::float8 * s.n_live_tup
      and c.relkind = 'r' and n.nspname not in ('pg_toast', 'information_schema')
      and not exists (select 1 from pg_index i join pg_class ic on ic.oid = i.indexrelid join pg_am am on am.oid = ic.relam
                      where i.indrelid = c.oid and am.amname = 'hnsw')
    group by n.nspname, c.relname order by max(s.n_dead_tup) desc`.execute(db);
  for (const { name } of rows) {
    await sql`vacuum (analyze) ${sql.raw(name)}`.execute(db);
  }
  return rows.map((row) => row.name);
}

/** Every minute, in the process that holds the embedded database: its tables past the rule are vacuumed. stop() waits for a run under way. */
export function startEmbeddedVacuum(db: Kysely<DB>, everyMs = CHECK_EVERY_MS): { stop: () => Promise<void> } {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        const vacuumed = await inBackground(() => vacuumTablesPastThreshold(db));
        if (vacuumed.length > 0) log().debug({ tables: vacuumed }, 'vacuumed the embedded database');
      } catch (error) {
        if (!stopped) log().warn({ err: error }, 'vacuuming the embedded database failed; it is tried again in a minute');
      }
    });
  }, everyMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
