/**
 * This checkout's ingestion of the SRD corpus one document at a time (as bench/ingest/run.ts
 * times it) against another checkout's, in one process, the side going first alternating, so
 * both meet the same machine in the same minutes:
 *   BENCH_BEFORE=/path/to/other/checkout npx tsx bench/ingest/paired.ts
 * ROUNDS=12 (one corpus a side per round), SHARED_DIR as everywhere. Each run is a new
 * file-backed library. Reported: each side's documents per minute at its best run and at the
 * median, and pdftotext on spellcasting.pdf at the start of each round (the load anchor).
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

/** One checkout's pipeline: a function that ingests the corpus into a new library and returns the milliseconds it took. */
async function pipelineOf(checkout: string): Promise<() => Promise<number>> {
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
      return ms;
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
}

const sides = { before: await pipelineOf(before), after: await pipelineOf(process.cwd()) };
const times = { before: [] as number[], after: [] as number[] };
const anchors: number[] = [];
const perMinute = (ms: number) => ((corpus.length / ms) * 60_000).toFixed(1);
for (let round = 0; round < ROUNDS; round++) {
  const started = performance.now();
  execFileSync('pdftotext', [pdf, path.join(os.tmpdir(), 'tk-bench-ingest-paired.txt')]);
  anchors.push(performance.now() - started);
  for (const side of round % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const)) {
    times[side].push(await sides[side]());
    process.stderr.write(`round ${round + 1}, ${side}: ${perMinute(times[side].at(-1) ?? 0)} documents/min\n`);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
console.log(`| side | best run | median run | (${corpus.length} SRD files one at a time, ${ROUNDS} runs a side, load average ${os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' ')}) |
|---|---|---|---|
| before (${before}) | ${perMinute(Math.min(...times.before))} documents/min | ${perMinute(median(times.before))} documents/min | |
| after (this checkout) | ${perMinute(Math.min(...times.after))} documents/min | ${perMinute(median(times.after))} documents/min | |

pdftotext on spellcasting.pdf at the start of each round: ${anchors.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s`);
process.exit(0);
