/**
 * This checkout's ingestion of the SRD corpus one document at a time (as bench/ingest/run.ts
 * times it) against another checkout's, in one process, the side going first alternating, so
 * both meet the same machine in the same minutes:
 *   BENCH_BEFORE=/path/to/other/checkout npx tsx bench/ingest/paired.ts
 * ROUNDS=12 (one corpus a side per round), SHARED_DIR as everywhere. Each run is a new
 * file-backed library. Reported: each side's documents per minute at its best run and at the
 * median, the time its database statements took (timeStatements), each round's ratios, and
 * pdftotext on spellcasting.pdf at the start of each round (the load anchor).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spellcastingPdf, srdCorpusFiles } from './inputs';

const before = process.env.BENCH_BEFORE;
if (!before) throw new Error('Set BENCH_BEFORE to the other checkout (with its node_modules) to compare against.');
const ROUNDS = Number(process.env.ROUNDS ?? 12);
const corpus = srdCorpusFiles();
const pdf = spellcastingPdf();

interface Run {
  /** The corpus, upload to ready, one document at a time. */
  ms: number;
  /** The database's statements' time within it (on the embedded database they run on this thread). */
  databaseMs: number;
}

/**
 * The time a database handle's statements take, summed. The wall time of a run moves with the
 * machine's load by more than most changes (and a round's second run was often slower, whichever
 * side it was); the statements' own time moves less.
 */
function timeStatements(db: { getExecutor(): unknown }): { ms: number } {
  const total = { ms: 0 };
  // Kysely's executor hands each statement a connection: the connection is wrapped to time executeQuery.
  const executor = db.getExecutor() as { provideConnection(consumer: (connection: object) => Promise<unknown>): Promise<unknown> };
  const provide = executor.provideConnection.bind(executor);
  executor.provideConnection = (consumer) =>
    provide((connection) =>
      consumer(
        new Proxy(connection, {
          get(target: Record<string | symbol, unknown>, property) {
            const value = target[property];
            if (typeof value !== 'function') return value;
            if (property !== 'executeQuery') return value.bind(target);
            return async (...args: unknown[]) => {
              const started = performance.now();
              try {
                return await value.apply(target, args);
              } finally {
                total.ms += performance.now() - started;
              }
            };
          },
        }),
      ),
    );
  return total;
}

/** One checkout's pipeline: a function that ingests the corpus into a new library and says how long it took. */
async function pipelineOf(checkout: string): Promise<() => Promise<Run>> {
  const load = (file: string) => import(path.resolve(checkout, file));
  const [{ OfflineEmbedder }, { openDatabase }, { migrate }, { ingestDocument }, { createDataset }, { uploadDocument }, { startQueue }] = await Promise.all([
    load('server/ai/offline-embedder.ts'),
    load('server/db/database.ts'),
    load('server/db/migrate.ts'),
    load('server/domain/ingest/ingest-document.ts'),
    load('server/domain/tomes/datasets.ts'),
    load('server/domain/tomes/documents.ts'),
    load('server/queue.ts'),
  ]);
  return async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-bench-ingest-paired-'));
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pg') });
    try {
      await migrate(database);
      const queue = await startQueue(database);
      const { db } = database;
      const user = await db
        .insertInto('users')
        .values({ username: 'bench', email: 'bench@example.com', password_hash: 'x' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const tome = await createDataset(db, user.id, { name: 'SRD', description: 'bench' });
      const deps = { embedder: new OfflineEmbedder(), isLastAttempt: true };
      const statements = timeStatements(db);
      const started = performance.now();
      for (const file of corpus) {
        const bytes = new Uint8Array(fs.readFileSync(file));
        const accepted = await uploadDocument(
          db,
          user.id,
          tome.id,
          { filename: path.basename(file), bytes },
          { queue, maxUploadBytes: 100 * 1024 * 1024, duplicate: 'keep' },
        );
        const outcome = await ingestDocument(db, user.id, { jobId: accepted.job_id, documentId: accepted.document_id }, deps);
        if (outcome !== 'completed') throw new Error(`${file}: ${outcome}`);
      }
      const ms = performance.now() - started;
      await queue.stop({ graceful: false, timeout: 2000 });
      return { ms, databaseMs: statements.ms };
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
}

const sides = { before: await pipelineOf(before), after: await pipelineOf(process.cwd()) };
const runs = { before: [] as Run[], after: [] as Run[] };
const anchors: number[] = [];
/** Per round, this checkout's figure over the other's. */
const ratios = { ms: [] as number[], databaseMs: [] as number[] };
const perMinute = (ms: number) => ((corpus.length / ms) * 60_000).toFixed(1);
for (let round = 0; round < ROUNDS; round++) {
  const started = performance.now();
  execFileSync('pdftotext', [pdf, path.join(os.tmpdir(), 'tk-bench-ingest-paired.txt')]);
  anchors.push(performance.now() - started);
  for (const side of round % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const)) {
    const run = await sides[side]();
    runs[side].push(run);
    process.stderr.write(`round ${round + 1}, ${side}: ${perMinute(run.ms)} documents/min, statements ${run.databaseMs.toFixed(0)} ms\n`);
  }
  for (const key of ['ms', 'databaseMs'] as const) ratios[key].push((runs.after.at(-1)?.[key] ?? 0) / (runs.before.at(-1)?.[key] ?? 1));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const geometricMean = (xs: number[]) => Math.exp(xs.reduce((sum, x) => sum + Math.log(x), 0) / xs.length);
const row = (side: 'before' | 'after', label: string) => {
  const ms = runs[side].map((r) => r.ms);
  const databaseMs = runs[side].map((r) => r.databaseMs);
  return `| ${label} | ${perMinute(Math.min(...ms))} documents/min | ${perMinute(median(ms))} documents/min | ${Math.min(...databaseMs).toFixed(0)} ms | ${median(databaseMs).toFixed(0)} ms |`;
};
console.log(`| side | best run | median run | statements, least | statements, median |
|---|---|---|---|---|
${row('before', `before (${before})`)}
${row('after', 'after (this checkout)')}

${corpus.length} SRD files one at a time, ${ROUNDS} runs a side, load average ${os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(
    ' ',
  )}. Per round, after / before (geometric mean over the rounds): time ${geometricMean(ratios.ms).toFixed(3)}, statements ${geometricMean(ratios.databaseMs).toFixed(3)}.

pdftotext on spellcasting.pdf at the start of each round: ${anchors.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s`);
process.exit(0);
