/**
 * Retrieval quality and latency over the SRD.
 *   node_modules/.bin/tsx bench/retrieval/run.ts
 * (SHARED_DIR names ../shared when it is elsewhere; BENCH_SCALES=10000,100000 sets the
 * latency tiers; VOYAGE_API_KEY adds a run with Voyage embeddings.)
 *
 * 1. The SRD (../shared/corpus/srd5) goes through the ingestion pipeline's own extraction,
 *    chunking and embedding text into a fresh embedded database (PGlite with pgvector).
 * 2. Every question of ../shared/eval/srd-questions.jsonl is asked of full-text only, vector
 *    only and the hybrid; a hit is a retrieved chunk holding the question's answer passage.
 *    Reported: recall@1/3/5/8/10 and MRR (over the top 20).
 * 3. Latency: the corpus is duplicated (synthetic: each copy's vectors get a little noise, so
 *    the HNSW graph is not full of identical points) up to each tier's chunk count, all in
 *    scope, and each question is timed through the hybrid search at the medium context level
 *    (query embedding included), with the pgvector HNSW index and (up to BENCH_EXACT_MAX chunks,
 *    10,000 by default) with the exact SQL fallback.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { sql } from 'kysely';
import { OfflineEmbedder } from '../../server/ai/offline-embedder';
import type { Embedder } from '../../server/ai/types';
import { VoyageEmbedder } from '../../server/ai/voyage';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { searchPassages, type RetrievalMode, type VectorBackend } from '../../server/domain/retrieval';
import { ingestSrd, loadQuestions, normalise, type EvalQuestion } from './corpus';

const KS = [1, 3, 5, 8, 10];
const DEPTH = 20;
const scales = (process.env.BENCH_SCALES ?? '10000,100000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
/** The exact fallback scans every vector in scope; beyond this many chunks it is left out (BENCH_EXACT_MAX). */
const exactMax = Number(process.env.BENCH_EXACT_MAX ?? 10_000);

async function freshDatabase(label: string): Promise<{ database: Database; userId: string; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tomekeeper-bench-${label}-`));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pg') });
  await migrate(database);
  const user = await database.db
    .insertInto('users')
    .values({ username: `bench-${label}`, email: 'bench@example.com', password_hash: 'not-a-login' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { database, userId: user.id, dir };
}

interface Quality {
  recall: number[];
  mrr: number;
  ranks: number[];
}

async function quality(
  database: Database,
  userId: string,
  datasetIds: string[],
  embedder: Embedder,
  mode: RetrievalMode,
  questions: EvalQuestion[],
): Promise<Quality> {
  const ranks: number[] = [];
  for (const question of questions) {
    const { passages } = await searchPassages(database.db, {
      scope: { userId, datasetIds },
      query: question.question,
      embedder,
      mode,
      budget: { passages: DEPTH, contextTokens: Number.MAX_SAFE_INTEGER, answerTokens: 0 },
    });
    const wanted = normalise(question.answer_passage_contains);
    ranks.push(passages.findIndex((p) => normalise(p.content).includes(wanted)) + 1);
  }
  return {
    recall: KS.map((k) => ranks.filter((r) => r > 0 && r <= k).length / questions.length),
    mrr: ranks.reduce((sum, r) => sum + (r > 0 ? 1 / r : 0), 0) / questions.length,
    ranks,
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Copies the dataset's chunks (and noisy copies of their vectors) into new datasets until the scope holds `target` chunks. */
async function growTo(database: Database, userId: string, sourceDatasetId: string, datasetIds: string[], target: number): Promise<void> {
  const count = async () => Number((await sql<{ n: string }>`select count(*) as n from chunks where user_id = ${userId}::uuid`.execute(database.db)).rows[0].n);
  let current = await count();
  // Growing with the HNSW index in place inserts every vector into the graph one by one, which
  // took over half an hour for 100k on PGlite; dropping it and building it once at the end is
  // what a bulk import would do.
  const { rows: hnsw } = await sql<{ n: number }>`select count(*)::int as n from pg_indexes where indexname = 'chunk_embeddings_hnsw_idx'`.execute(database.db);
  if (hnsw[0].n === 1 && current < target) await sql`drop index chunk_embeddings_hnsw_idx`.execute(database.db);
  while (current < target) {
    const copy = await database.db
      .insertInto('datasets')
      .values({ user_id: userId, name: `SRD copy ${datasetIds.length}`, metadata: JSON.stringify({}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    datasetIds.push(copy.id);
    const needed = target - current;
    await sql`
      with source as (
        select c.*, row_number() over (order by c.id) as n from chunks c where c.dataset_id = ${sourceDatasetId}::uuid
      ), copied as (
        insert into chunks (document_id, dataset_id, user_id, ordinal, heading_path, page, content, token_count)
        select document_id, ${copy.id}::uuid, user_id, ordinal, heading_path, page, content, token_count
        from source where n <= ${needed} order by id
        returning id, ordinal, document_id
      )
      insert into chunk_embeddings (chunk_id, model, embedding)
      select copied.id, e.model,
        (select array_agg(v + (random()::real - 0.5::real) * 0.02::real order by i) from unnest(e.embedding) with ordinality as u(v, i))
      from copied
      join chunks original on original.document_id = copied.document_id and original.ordinal = copied.ordinal and original.dataset_id = ${sourceDatasetId}::uuid
      join chunk_embeddings e on e.chunk_id = original.id`.execute(database.db);
    current = await count();
    process.stderr.write(`  ${current} chunks\n`);
  }
  if (hnsw[0].n === 1 && !(await hnswExists(database))) {
    const started = performance.now();
    await sql`create index chunk_embeddings_hnsw_idx on chunk_embeddings using hnsw ((embedding::vector(512)) vector_cosine_ops)`.execute(database.db);
    process.stderr.write(`  HNSW index built in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }
}

async function hnswExists(database: Database): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_indexes where indexname = 'chunk_embeddings_hnsw_idx'`.execute(database.db);
  return rows[0].n === 1;
}

async function latency(database: Database, userId: string, datasetIds: string[], embedder: Embedder, backend: VectorBackend, questions: EvalQuestion[]) {
  const times: number[] = [];
  // One warm-up pass, then three timed passes over every question.
  for (let pass = 0; pass < 4; pass += 1) {
    for (const question of questions) {
      const started = performance.now();
      await searchPassages(database.db, { scope: { userId, datasetIds }, query: question.question, embedder, level: 'medium', vectorBackend: backend });
      if (pass > 0) times.push(performance.now() - started);
    }
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), n: times.length };
}

const fmt = (x: number) => x.toFixed(2);
const questions = loadQuestions();
const embedders: Array<[string, Embedder]> = [['offline', new OfflineEmbedder()]];
if (process.env.VOYAGE_API_KEY) {
  embedders.push([
    'voyage',
    new VoyageEmbedder({ apiKey: process.env.VOYAGE_API_KEY, baseUrl: process.env.VOYAGE_BASE_URL, model: process.env.VOYAGE_MODEL ?? 'voyage-3.5' }),
  ]);
}

console.log(`## Quality: ${questions.length} questions, hit = a retrieved chunk holds the answer passage\n`);
console.log(`| embedder | mode | ${KS.map((k) => `recall@${k}`).join(' | ')} | MRR | rank of the answer per question (0 = not in top ${DEPTH}) |`);
console.log(`|---|---|${KS.map(() => '---|').join('')}---|---|`);
let latencyRun: { database: Database; userId: string; datasetId: string; dir: string } | undefined;
for (const [label, embedder] of embedders) {
  const { database, userId, dir } = await freshDatabase(label);
  const started = performance.now();
  const corpus = await ingestSrd(database.db, userId, embedder);
  process.stderr.write(`${label}: ingested ${corpus.chunkCount} chunks in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  for (const mode of ['fulltext', 'vector', 'hybrid'] as const) {
    const q = await quality(database, userId, [corpus.datasetId], embedder, mode, questions);
    console.log(`| ${label} | ${mode} | ${q.recall.map(fmt).join(' | ')} | ${fmt(q.mrr)} | ${q.ranks.join(' ')} |`);
  }
  if (label === 'offline') latencyRun = { database, userId, datasetId: corpus.datasetId, dir };
  else {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (latencyRun) {
  const { database, userId, datasetId, dir } = latencyRun;
  console.log(`\n## Latency of one hybrid retrieval (medium level, offline query embedding included), ms\n`);
  console.log('| chunks in scope | vector backend | p50 | p95 | samples |\n|---|---|---|---|---|');
  const datasetIds = [datasetId];
  for (const scale of scales) {
    const started = performance.now();
    await growTo(database, userId, datasetId, datasetIds, scale);
    process.stderr.write(`grew to ${scale} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    for (const backend of scale <= exactMax ? (['pgvector', 'exact'] as const) : (['pgvector'] as const)) {
      const result = await latency(database, userId, datasetIds, embedders[0][1], backend, questions);
      console.log(`| ${scale} | ${backend === 'pgvector' ? 'pgvector HNSW' : 'exact SQL (no pgvector)'} | ${fmt(result.p50)} | ${fmt(result.p95)} | ${result.n} |`);
    }
  }
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
