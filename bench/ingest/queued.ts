/**
 * The SRD corpus (17 files) uploaded at once through the API and processed by the app's own
 * workers (the ingest queue, two documents at a time per process, as the server runs it), on a
 * file-backed embedded database:
 *   npx tsx bench/ingest/queued.ts            (SHARED_DIR defaults to ../shared; RUNS=3)
 * Each run is a new library. Reported: documents per minute until every document is ready, and
 * until every vector is in the vector index as well (the index-vectors job, ADR 0244; on a
 * checkout without it, the two are the same), beside pdftotext on spellcasting.pdf in the same
 * minute (the load anchor). bench/ingest/run.ts times the same pipeline one document at a time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { pdftotextMs, srdCorpusFiles } from './inputs';
import { inBackground } from '../../server/db/foreground';
import { createTestApp } from '../../tests/support/test-app';
import { createTome, uploadFile } from '../../tests/support/tome-upload';

const RUNS = Number(process.env.RUNS ?? 3);
const corpus = srdCorpusFiles();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

const rows: string[] = [];
const ready: number[] = [];
const indexed: number[] = [];
for (let run = 1; run <= RUNS; run++) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-bench-queued-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pg') });
  await migrate(database);
  const t = await createTestApp({ database, workers: true });
  const gm = await t.signUp();
  const tome = await createTome(t, gm.token, 'SRD');
  const anchor = pdftotextMs(dir) / 1000;
  const started = performance.now();
  const jobs: string[] = [];
  for (const file of corpus) {
    const response = await uploadFile(t, gm.token, tome, path.basename(file), new Uint8Array(fs.readFileSync(file)));
    if (response.statusCode !== 202) throw new Error(`${file}: ${response.statusCode} ${response.body}`);
    jobs.push((response.json() as { job_id: string }).job_id);
  }
  // Watched in the database as background work: a request, or a statement of one, makes ingestion
  // yield to it (server/db/foreground.ts), so a status poller would slow what it measures.
  const statuses = () => inBackground(() => t.services.db.selectFrom('jobs').select(['status', 'error']).where('id', 'in', jobs).execute());
  for (;;) {
    const states = await statuses();
    const failed = states.find((s) => s.status === 'failed');
    if (failed) throw new Error(`a document failed: ${failed.error}`);
    if (states.every((s) => s.status === 'completed')) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const readySeconds = (performance.now() - started) / 1000;
  const hasPending = (await sql<{ t: string | null }>`select to_regclass('chunk_embeddings_pending')::text as t`.execute(t.services.db)).rows[0].t !== null;
  const pending = () =>
    inBackground(async () => (await sql<{ n: number }>`select count(*)::int as n from chunk_embeddings_pending`.execute(t.services.db)).rows[0].n);
  while (hasPending && (await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
  const indexedSeconds = (performance.now() - started) / 1000;
  ready.push((corpus.length / readySeconds) * 60);
  indexed.push((corpus.length / indexedSeconds) * 60);
  rows.push(
    `| ${run} | ${readySeconds.toFixed(1)} s = ${((corpus.length / readySeconds) * 60).toFixed(1)} /min | ${indexedSeconds.toFixed(1)} s = ${((corpus.length / indexedSeconds) * 60).toFixed(1)} /min | ${anchor.toFixed(2)} s |`,
  );
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

console.log(`SRD corpus (${corpus.length} files) uploaded at once, processed by the app's workers, each run a new library; load average ${os
  .loadavg()
  .map((x) => x.toFixed(1))
  .join(' ')}

| run | every document ready | every vector in the index too | pdftotext, spellcasting.pdf, just before |
|---|---|---|---|
${rows.join('\n')}
| **max / median** | **${Math.max(...ready).toFixed(1)} / ${median(ready).toFixed(1)} documents/min** | **${Math.max(...indexed).toFixed(1)} / ${median(indexed).toFixed(1)} documents/min** | |`);
process.exit(0);
