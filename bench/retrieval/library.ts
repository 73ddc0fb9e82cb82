/**
 * A large library for the retrieval benchmarks, built once and reused: the SRD as the app would
 * hold it (the real extraction and chunker), plus synthetic passages drawn from the SRD's own
 * sentences (offline embeddings), written straight into the tables in batches until the library
 * holds the tier's passage count. Building 100k passages takes minutes, so each tier keeps its
 * data: a PGlite folder under BENCH_LIBRARY_DIR (default /tmp/tomekeeper-retrieval-library), or a
 * database `tk_retrieval_<n>` on the Postgres server. Reopening applies newer migrations.
 *
 * The synthetic passages are deliberately hard distractors: every sentence is real rulebook
 * text, so the question words and the names a GM asks about occur throughout the library, as
 * they would in a dozen rulebooks. Their headings are the SRD's own paths under "Tome k", with
 * the last heading varied, so a unit's title stays (nearly) unique as in real books.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import postgres from 'postgres';
import { embedOffline, OfflineEmbedder } from '../../server/ai/offline-embedder';
import { splitSentences } from '../../server/ai/sentences';
import { estimateTokens } from '../../server/ai/token-estimate';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { embeddingText, storedVector } from '../../server/domain/ingest/vectors';
import { refreshSearchStatistics } from '../../server/domain/retrieval';
import { ingestSrd } from './corpus';
import { setDocumentText } from '../../server/domain/tomes/document-text';

export type LibraryKind = 'pglite' | 'postgres';

export interface Library {
  database: Database;
  userId: string;
  datasetIds: string[];
  /** The dataset holding the real SRD (quality is judged on its passages). */
  srdDatasetId: string;
  passages: number;
}

interface Marker {
  userId: string;
  datasetIds: string[];
  srdDatasetId: string;
  passages: number;
}

const PASSAGES_PER_DATASET = 10_000;
const PASSAGES_PER_DOCUMENT = 250;
const BATCH = 250;
const TITLE_WORDS = ['Ashes', 'the North', 'Old', 'Revised', 'Variant', 'Lesser', 'Greater', 'the Deep', 'Storms', 'Embers', 'the Vale', 'Shadow'];

export const libraryDir = () => process.env.BENCH_LIBRARY_DIR ?? '/tmp/tomekeeper-retrieval-library';
export const serverUrl = () => process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

/** Opens the tier's library, building it first when it is not there yet. */
export async function openLibrary(kind: LibraryKind, passages: number, log = (line: string) => process.stderr.write(`${line}\n`)): Promise<Library> {
  const { database, marker: found, save } = kind === 'pglite' ? await openEmbeddedTier(passages) : await openServerTier(passages);
  await migrate(database);
  if (found) return { database, ...found };
  const started = performance.now();
  const built = await build(database, passages, log);
  await save(built);
  log(`${kind} ${passages}: built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return { database, ...built };
}

async function openEmbeddedTier(passages: number) {
  const dir = path.join(libraryDir(), `pglite-${passages}`);
  const markerFile = path.join(dir, 'library.json');
  const marker = fs.existsSync(markerFile) ? (JSON.parse(fs.readFileSync(markerFile, 'utf8')) as Marker) : undefined;
  if (!marker) fs.rmSync(dir, { recursive: true, force: true });
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pg') });
  return { database, marker, save: async (m: Marker) => fs.writeFileSync(markerFile, JSON.stringify(m)) };
}

async function openServerTier(passages: number) {
  const name = `tk_retrieval_${passages}`;
  const admin = postgres(serverUrl(), { max: 1, onnotice: () => {} });
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  let marker: Marker | undefined;
  try {
    const exists = await admin`select 1 from pg_database where datname = ${name}`;
    if (exists.length > 0) {
      const probe = postgres(url.toString(), { max: 1, onnotice: () => {} });
      try {
        const rows = await probe`select to_regclass('bench_library') is not null as present`;
        if (rows[0].present) marker = (await probe`select marker from bench_library`)[0]?.marker as Marker | undefined;
      } finally {
        await probe.end();
      }
    }
    if (!marker) {
      await admin.unsafe(`drop database if exists ${name}`);
      await admin.unsafe(`create database ${name}`);
    }
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  const save = async (m: Marker) => {
    await sql`create table bench_library (marker jsonb not null)`.execute(database.db);
    await sql`insert into bench_library (marker) values (${JSON.stringify(m)}::jsonb)`.execute(database.db);
  };
  return { database, marker, save };
}

/** Deterministic, so every build of a tier holds the same library. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function build(database: Database, target: number, log: (line: string) => void): Promise<Marker> {
  const { db } = database;
  const user = await db
    .insertInto('users')
    .values({ username: `bench-${target}`, email: 'bench@example.com', password_hash: 'not-a-login' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const srd = await ingestSrd(db, user.id, new OfflineEmbedder());
  log(`  SRD: ${srd.chunkCount} passages`);
  const sources = await db.selectFrom('chunks').select(['heading_path', 'content']).where('dataset_id', '=', srd.datasetId).orderBy('id').execute();
  const sentences = sources.map((s) => splitSentences(s.content).map((span) => span.text));

  const { rows: hnsw } = await sql<{ n: number }>`select count(*)::int as n from pg_indexes where indexname = 'chunk_embeddings_hnsw_idx'`.execute(db);
  // Inserting into the HNSW graph one vector at a time is what makes a bulk import slow; a
  // bulk import builds it once at the end.
  if (hnsw[0].n === 1) await sql`drop index chunk_embeddings_hnsw_idx`.execute(db);

  const next = random(target);
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
  const datasetIds = [srd.datasetId];
  let written = srd.chunkCount;
  let tome = 0;
  while (written < target) {
    tome += 1;
    const dataset = await db
      .insertInto('datasets')
      .values({ user_id: user.id, name: `Tome ${tome}`, metadata: JSON.stringify({}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    datasetIds.push(dataset.id);
    const inDataset = Math.min(PASSAGES_PER_DATASET, target - written);
    for (let start = 0; start < inDataset; start += PASSAGES_PER_DOCUMENT) {
      const count = Math.min(PASSAGES_PER_DOCUMENT, inDataset - start);
      const passages = Array.from({ length: count }, () => {
        const base = Math.floor(next() * sources.length);
        const length = sources[base].content.length;
        const parts: string[] = [];
        let chars = 0;
        // A run of sentences from the base passage, then runs from others, up to its length.
        for (let source = base; chars < length; source = Math.floor(next() * sources.length)) {
          const own = sentences[source];
          if (own.length === 0) continue;
          const from = Math.floor(next() * own.length);
          for (let i = from; i < own.length && chars < length; i += 1) {
            parts.push(own[i]);
            chars += own[i].length + 1;
          }
        }
        const headings = sources[base].heading_path.split(' > ');
        const last = headings.pop() ?? 'Notes';
        const headingPath = [`Tome ${tome}`, ...headings, `${last} of ${pick(TITLE_WORDS)}`].join(' > ');
        const content = parts.join(' ');
        return { headingPath, content };
      });
      const document = await db
        .insertInto('documents')
        .values({
          dataset_id: dataset.id,
          user_id: user.id,
          filename: `tome-${tome}-part-${start / PASSAGES_PER_DOCUMENT + 1}.md`,
          file_type: 'md',
          status: 'ready',
          token_count: passages.reduce((sum, p) => sum + estimateTokens(p.content), 0),
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await setDocumentText(db, document.id, passages.map((p) => p.content).join('\n\n'));
      for (let from = 0; from < passages.length; from += BATCH) {
        const batch = passages.slice(from, from + BATCH);
        const inserted = await db
          .insertInto('chunks')
          .values(
            batch.map((p, i) => ({
              document_id: document.id,
              dataset_id: dataset.id,
              user_id: user.id,
              ordinal: from + i,
              heading_path: p.headingPath,
              page: null,
              content: p.content,
              token_count: estimateTokens(p.content),
            })),
          )
          .returning('id')
          .execute();
        await db
          .insertInto('chunk_embeddings')
          .values(inserted.map((row, i) => ({ chunk_id: row.id, model: 'offline-hash-v1', embedding: storedVector(embedOffline(embeddingText(batch[i]))) })))
          .execute();
      }
      written += count;
    }
    log(`  ${written} passages`);
  }
  if (hnsw[0].n === 1) {
    const started = performance.now();
    await db.transaction().execute(async (trx) => {
      await sql`set local maintenance_work_mem = '512MB'`.execute(trx);
      await sql`create index chunk_embeddings_hnsw_idx on chunk_embeddings using hnsw ((embedding::vector(512)) vector_cosine_ops)`.execute(trx);
    });
    log(`  HNSW index built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  await refreshSearchStatistics(db);
  return { userId: user.id, datasetIds, srdDatasetId: srd.datasetId, passages: written };
}
