import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { Unzip, UnzipInflate } from 'fflate';
import type { PgBoss } from 'pg-boss';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import type { DB } from '../db/schema';
import { sendInTransaction } from '../queue';
import { QUEUES } from '../queues';
import { INGEST_JOB_KIND } from '../domain/tomes/jobs';
import { appTables, generatedColumns, identifier, insertRows, migrationLevel, type Row } from '../domain/transfer/table-rows';
import { ZipStreamWriter } from '../domain/transfer/zip-writer';

/**
 * The whole instance as a portable logical backup: a zip of manifest.json (format, version,
 * migration level, tables in load order), tables/<table>.jsonl (every row, as table-rows.ts
 * writes them: the same on the embedded database and a Postgres server) and counts.json. It is
 * read in one REPEATABLE READ transaction, so it is one consistent snapshot while the app keeps
 * writing, and streamed out a batch of rows at a time.
 */
export const BACKUP_FORMAT = 'tomekeeper-backup';
export const BACKUP_VERSION = 1;

/** Kept by triggers on chunks, so a restore rebuilds them as it loads the passages. */
const REBUILT_BY_TRIGGERS = new Set(['chunk_search_terms', 'search_term_counts', 'search_passage_counts']);
// Rows per read and per written statement: a 128 KiB file part is ~256 KiB as hex, so a batch stays near 16 MB.
const BATCH_ROWS = 64;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  migration: string;
  tables: string[];
}

/** Tables with their foreign-key parents first: the order a restore loads them in. */
async function tablesInLoadOrder(db: Kysely<DB>): Promise<string[]> {
  const tables = (await appTables(db)).filter((t) => !REBUILT_BY_TRIGGERS.has(t));
  const edges = await sql<{ child: string; parent: string }>`
    select c.relname as child, p.relname as parent from pg_constraint k
    join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = current_schema() and c.oid <> p.oid`.execute(db);
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of edges.rows) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const parent of parents.get(table) ?? []) if (parents.has(parent)) visit(parent, path);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/** Streams a backup of the database; `onError` hears of a failure after streaming began (the stream is then broken, never a zip that looks whole). */
export function streamBackup(db: Kysely<DB>, onError: (error: unknown) => void): Readable {
  return ZipStreamWriter.stream(
    (zip) =>
      db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => {
          const tables = await tablesInLoadOrder(trx);
          const manifest: BackupManifest = {
            format: BACKUP_FORMAT,
            version: BACKUP_VERSION,
            created_at: new Date().toISOString(),
            migration: await migrationLevel(trx),
            tables,
          };
          await zip.add('manifest.json', JSON.stringify(manifest, null, 2));
          const counts: Record<string, number> = {};
          for (const table of tables) {
            counts[table] = 0;
            await zip.addParts(
              `tables/${table}.jsonl`,
              rowsOf(trx, table, (n) => {
                counts[table] += n;
              }),
              { compress: true },
            );
          }
          await zip.add('counts.json', JSON.stringify(counts, null, 2));
        }),
    onError,
  );
}

/** A table's rows as JSON lines, read through a cursor in the snapshot's transaction. */
async function* rowsOf(trx: Kysely<DB>, table: string, counted: (n: number) => void): AsyncGenerator<Uint8Array> {
  const cursor = sql.raw(`backup_${table}`);
  await sql`declare ${cursor} no scroll cursor for select to_jsonb(t)::text as row from ${identifier(table)} t`.execute(trx);
  const encoder = new TextEncoder();
  for (;;) {
    const batch = await sql<{ row: string }>`fetch ${sql.raw(String(BATCH_ROWS))} from ${cursor}`.execute(trx);
    if (batch.rows.length === 0) break;
    counted(batch.rows.length);
    yield encoder.encode(`${batch.rows.map((r) => r.row).join('\n')}\n`);
  }
  await sql`close ${cursor}`.execute(trx);
}

export interface RestoreResult {
  migration: string;
  counts: Record<string, number>;
  requeued: number;
}

/**
 * Loads a backup into an empty database: migrated to the backup's level, every table loaded
 * in order in one transaction (identity sequences moved past the restored ids), then the
 * later migrations applied, and the ingest jobs that were under way queued again.
 */
export async function restoreBackup(database: Database, file: string, startQueue: (database: Database) => Promise<PgBoss>): Promise<RestoreResult> {
  const existing = await appTables(database.db);
  if (existing.some((t) => t !== 'schema_migrations')) {
    throw new Error('The target database is not empty. Restore into an empty DATA_DIR, or an empty database named by DATABASE_URL.');
  }
  const manifest = await readManifest(file);
  await migrate(database, undefined, { until: manifest.migration });
  const level = await migrationLevel(database.db);
  if (level !== manifest.migration)
    throw new Error(`${file} was made at database level ${manifest.migration}, newer than this Tomekeeper (${level}). Update it first.`);
  const counts: Record<string, number> = {};
  await database.db.transaction().execute(async (trx) => {
    const generated = new Map<string, Set<string>>();
    await readBackup(file, {
      async manifest() {},
      async rows(table, rows) {
        if (!manifest.tables.includes(table)) throw new Error(`${file} holds rows of ${table}, which its manifest does not list.`);
        if (table === 'schema_migrations') return; // written by the migrations themselves
        if (!generated.has(table)) generated.set(table, await generatedColumns(trx, table));
        const computed = generated.get(table)!;
        await insertRows(
          trx,
          table,
          rows.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !computed.has(column)))),
        );
        counts[table] = (counts[table] ?? 0) + rows.length;
      },
    });
    await moveIdentitiesPastRestoredIds(trx);
  });
  await migrate(database);
  const requeued = await requeueInterruptedIngests(database, startQueue);
  return { migration: manifest.migration, counts, requeued };
}

/** Identity columns continue after the largest restored id. */
async function moveIdentitiesPastRestoredIds(trx: Kysely<DB>) {
  const identities = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and is_identity = 'YES'`.execute(trx);
  for (const { table_name, column_name } of identities.rows) {
    await sql`select setval(pg_get_serial_sequence(${table_name}, ${column_name}), coalesce((select max(${identifier(column_name)}) from ${identifier(table_name)}), 0) + 1, false)`.execute(
      trx,
    );
  }
}

/** pg-boss's own tables are not backed up: the ingests that were under way are queued again, the rest of their kind marked failed. */
async function requeueInterruptedIngests(database: Database, startQueue: (database: Database) => Promise<PgBoss>): Promise<number> {
  const open = await database.db.selectFrom('jobs').select(['id', 'kind', 'document_id', 'user_id']).where('status', 'not in', ['completed', 'failed']).execute();
  if (open.length === 0) return 0;
  const queue = await startQueue(database);
  let requeued = 0;
  try {
    for (const job of open) {
      await database.db.transaction().execute(async (trx) => {
        if (job.kind === INGEST_JOB_KIND && job.document_id) {
          await sendInTransaction(queue, trx, QUEUES.ingestDocument.name, { jobId: job.id, documentId: job.document_id, userId: job.user_id });
          requeued++;
        } else {
          await trx
            .updateTable('jobs')
            .set({ status: 'failed', error: 'Interrupted by a restore from backup. Start it again.', updated_at: new Date() })
            .where('id', '=', job.id)
            .execute();
        }
      });
    }
  } finally {
    await queue.stop({ graceful: false, timeout: 2000 });
  }
  return requeued;
}

/** The manifest, the archive's first entry, checked before anything is written. */
async function readManifest(file: string): Promise<BackupManifest> {
  let found: BackupManifest | null = null;
  await readBackup(file, {
    async manifest(manifest) {
      found = manifest;
      throw stopReading;
    },
    async rows() {
      throw stopReading;
    },
  }).catch((error: unknown) => {
    if (error !== stopReading) throw error;
  });
  const manifest = found as BackupManifest | null;
  if (!manifest || manifest.format !== BACKUP_FORMAT) throw new Error(`${file} is not a Tomekeeper backup (no manifest.json of one).`);
  if (typeof manifest.version !== 'number' || manifest.version > BACKUP_VERSION) {
    throw new Error(`${file} is backup format ${manifest.version}, made by a newer Tomekeeper. Update this one first.`);
  }
  return manifest;
}

const stopReading = new Error('stop reading');

interface BackupReader {
  manifest(manifest: BackupManifest): Promise<void>;
  rows(table: string, rows: Row[]): Promise<void>;
}

/** Reads a backup file as a stream: the manifest, then each table's rows in batches, never the whole file at once. */
async function readBackup(file: string, reader: BackupReader): Promise<void> {
  const pending: Array<() => Promise<void>> = [];
  let failure: unknown = null;
  const unzip = new Unzip((entry) => {
    const table = /^tables\/([a-z0-9_]+)\.jsonl$/.exec(entry.name)?.[1];
    if (entry.name !== 'manifest.json' && !table) return;
    const decoder = new TextDecoder();
    let text = '';
    entry.ondata = (error, chunk, final) => {
      if (error) {
        failure = error;
        return;
      }
      text += decoder.decode(chunk, { stream: !final });
      if (entry.name === 'manifest.json') {
        if (final) {
          const body = text;
          pending.push(() => reader.manifest(JSON.parse(body) as BackupManifest));
        }
        return;
      }
      const end = final ? text.length : text.lastIndexOf('\n') + 1;
      if (end <= 0) return;
      const lines = text.slice(0, end).split('\n').filter(Boolean);
      text = text.slice(end);
      for (let i = 0; i < lines.length; i += BATCH_ROWS) {
        const batch = lines.slice(i, i + BATCH_ROWS).map((line) => JSON.parse(line) as Row);
        pending.push(() => reader.rows(table!, batch));
      }
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  const stream = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
  for await (const chunk of stream) {
    unzip.push(chunk as Uint8Array);
    if (failure) throw failure;
    while (pending.length) await pending.shift()!();
  }
  unzip.push(new Uint8Array(0), true);
  if (failure) throw failure;
  while (pending.length) await pending.shift()!();
}
