/**
 * Ingestion throughput: the whole pipeline (upload check, store, extract, chunk, embed with
 * the offline embedder, index) on a file-backed embedded database, as the server runs it.
 *   npm run bench:ingest        (SHARED_DIR defaults to ../shared; RUNS=3 PDF runs;
 *                                PDF_READING_THREADS as the server reads it)
 * spellcasting.pdf (199 pages) is ingested RUNS times, each run beside a run of poppler's
 * pdftotext on the same file in the same minute: the ratio pipeline / pdftotext per run, its
 * min and median. The first run also starts the reading process and PDF.js (a cold start, as
 * after 15 s idle on a server); it is reported apart. Then the SRD corpus (17 files):
 * documents per minute. Peak resident memory throughout. Where the time goes: the database's
 * statements by kind and table (bench/support/statement-timer.ts), the rest being reading (the
 * reading process), embedding and the waits between statements.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OfflineEmbedder } from '../../server/ai/offline-embedder';
import { openDatabase } from '../../server/db/database';
import { parseEnv } from '../../server/env';
import { migrate } from '../../server/db/migrate';
import { ingestDocument } from '../../server/domain/ingest/ingest-document';
import { indexPendingVectors } from '../../server/domain/retrieval/vector-index';
import { createDataset } from '../../server/domain/tomes/datasets';
import { uploadDocument } from '../../server/domain/tomes/documents';
import { startQueue } from '../../server/queue';
import { pdftotextMs, spellcastingPdf, srdCorpusFiles } from './inputs';
import { StatementTimer } from '../support/statement-timer';

const RUNS = Number(process.env.RUNS ?? 3);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-bench-ingest-'));
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 25);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pg') });
await migrate(database);
const queue = await startQueue(database);
const timer = new StatementTimer();
const db = database.db.withPlugin(timer);
const user = await db.insertInto('users').values({ username: 'bench', email: 'bench@example.com', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
const deps = { embedder: new OfflineEmbedder(), isLastAttempt: true, pdfReadingThreads: parseEnv().PDF_READING_THREADS };

async function ingestFile(datasetId: string, file: string): Promise<number> {
  const started = performance.now();
  const bytes = new Uint8Array(fs.readFileSync(file));
  const accepted = await uploadDocument(
    db,
    user.id,
    datasetId,
    { filename: path.basename(file), bytes },
    { queue, maxUploadBytes: 100 * 1024 * 1024, duplicate: 'keep' },
  );
  const outcome = await ingestDocument(db, user.id, { jobId: accepted.job_id, documentId: accepted.document_id }, deps);
  if (outcome !== 'completed') throw new Error(`${file}: ${outcome}`);
  return performance.now() - started;
}

const pdf = spellcastingPdf();
const pdfTome = await createDataset(db, user.id, { name: 'PDF', description: 'bench' });
const rssBeforePdf = process.memoryUsage().rss;
peakRss = rssBeforePdf;
const rows: string[] = [];
const ratios: number[] = [];
let warmPipelineMs = 0;
for (let run = 0; run <= RUNS; run++) {
  const poppler = pdftotextMs(dataDir);
  if (run === 1) timer.take();
  const pipeline = await ingestFile(pdfTome.id, pdf);
  if (run > 0) warmPipelineMs += pipeline;
  const label = run === 0 ? 'cold (reading process and PDF.js start)' : `run ${run}`;
  // Not through the timer's handle: the statements of ingestion alone are broken down below.
  const indexing = await moveVectorsIntoIndex();
  rows.push(`| ${label} | ${seconds(pipeline)} s | ${seconds(poppler)} s | ${(pipeline / poppler).toFixed(1)}x | ${indexing} |`);
  if (run > 0) ratios.push(pipeline / poppler);
}
const pdfPeak = peakRss;
const pdfStatements = timer.take();

const corpus = srdCorpusFiles();
const corpusBytes = corpus.reduce((sum, f) => sum + fs.statSync(f).size, 0);
const srd = await createDataset(db, user.id, { name: 'SRD', description: 'bench' });
const corpusPoppler = pdftotextMs(dataDir);
const corpusStarted = performance.now();
for (const file of corpus) await ingestFile(srd.id, file);
const corpusSeconds = (performance.now() - corpusStarted) / 1000;
const corpusStatements = timer.take();
const corpusIndexing = await moveVectorsIntoIndex();

// The same corpus as the first upload of a new library (its own database).
const fresh = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pg-fresh') });
await migrate(fresh);
const freshQueue = await startQueue(fresh);
const freshUser = await fresh.db
  .insertInto('users')
  .values({ username: 'bench', email: 'bench@example.com', password_hash: 'x' })
  .returning('id')
  .executeTakeFirstOrThrow();
const freshTome = await createDataset(fresh.db, freshUser.id, { name: 'SRD', description: 'bench' });
const freshPoppler = pdftotextMs(dataDir);
const freshStarted = performance.now();
for (const file of corpus) {
  const bytes = new Uint8Array(fs.readFileSync(file));
  const accepted = await uploadDocument(
    fresh.db,
    freshUser.id,
    freshTome.id,
    { filename: path.basename(file), bytes },
    { queue: freshQueue, maxUploadBytes: 100 * 1024 * 1024, duplicate: 'keep' },
  );
  if ((await ingestDocument(fresh.db, freshUser.id, { jobId: accepted.job_id, documentId: accepted.document_id }, deps)) !== 'completed') throw new Error(file);
}
const freshSeconds = (performance.now() - freshStarted) / 1000;
const freshIndexing = await moveVectorsIntoIndex(fresh.db);
await freshQueue.stop({ graceful: false, timeout: 2000 });
await fresh.close();
const chunks = await db
  .selectFrom('chunks')
  .select((eb) => eb.fn.countAll<string>().as('n'))
  .where('dataset_id', '=', srd.id)
  .executeTakeFirstOrThrow();

clearInterval(sampler);
console.log(`| spellcasting.pdf (199 pages) | whole pipeline (document ready) | pdftotext | ratio | then its vectors moved into the index (background) |
|---|---|---|---|---|
${rows.join('\n')}
| **warm runs: min / median ratio** | | | **${Math.min(...ratios).toFixed(1)}x / ${median(ratios).toFixed(1)}x** |

| measure | figure |
|---|---|
| peak RSS during the PDF runs | ${mb(pdfPeak)} (${mb(rssBeforePdf)} before) |
| SRD corpus, whole pipeline (documents ready), into the library holding the PDF runs | ${corpus.length} documents (${(corpusBytes / 1024 / 1024).toFixed(1)} MB), ${chunks.n} passages, in ${corpusSeconds.toFixed(1)} s = **${((corpus.length / corpusSeconds) * 60).toFixed(1)} documents/min**; then its vectors moved into the index: ${corpusIndexing} |
| pdftotext just before the corpus (load anchor) | ${seconds(corpusPoppler)} s |
| SRD corpus as the first upload of a new library (documents ready) | ${freshSeconds.toFixed(1)} s = **${((corpus.length / freshSeconds) * 60).toFixed(1)} documents/min**; then its vectors moved into the index: ${freshIndexing}; pdftotext just before: ${seconds(freshPoppler)} s |
| peak RSS overall | ${mb(peakRss)} |

Where the time goes (database statements by kind and table; the rest is reading, embedding and the waits between statements):

| | spellcasting.pdf, warm runs: ms per run | share | SRD corpus: ms | share |
|---|---|---|---|---|
${whereTheTimeGoes()}`);

function whereTheTimeGoes(): string {
  const pdfRuns = Math.max(1, RUNS);
  const labels = [...new Set([...pdfStatements, ...corpusStatements].slice(0, 100).map((s) => s.label))];
  const pick = (list: typeof pdfStatements, label: string) => list.find((s) => s.label === label)?.ms ?? 0;
  const top = labels
    .map((label) => ({ label, pdf: pick(pdfStatements, label) / pdfRuns, corpus: pick(corpusStatements, label) }))
    .sort((a, b) => b.pdf + b.corpus / 10 - (a.pdf + a.corpus / 10))
    .slice(0, 6);
  const pdfTotal = warmPipelineMs / pdfRuns;
  const corpusTotal = corpusSeconds * 1000;
  const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(0)}%`;
  const row = (label: string, pdfMs: number, corpusMs: number) =>
    `| ${label} | ${pdfMs.toFixed(0)} | ${pct(pdfMs, pdfTotal)} | ${corpusMs.toFixed(0)} | ${pct(corpusMs, corpusTotal)} |`;
  const sum = (list: typeof pdfStatements) => list.reduce((total, s) => total + s.ms, 0);
  const otherStatementsPdf = sum(pdfStatements) / pdfRuns - top.reduce((t, r) => t + r.pdf, 0);
  const otherStatementsCorpus = sum(corpusStatements) - top.reduce((t, r) => t + r.corpus, 0);
  return [
    ...top.map((r) => row(r.label, r.pdf, r.corpus)),
    row('other statements', otherStatementsPdf, otherStatementsCorpus),
    row('reading, embedding, waits', pdfTotal - sum(pdfStatements) / pdfRuns, corpusTotal - sum(corpusStatements)),
    row('whole pipeline', pdfTotal, corpusTotal),
  ].join('\n');
}

/** What the background job does once documents are ready (retrieval/vector-index.ts), timed. */
async function moveVectorsIntoIndex(into = database.db): Promise<string> {
  const started = performance.now();
  const { moved, rebuilt } = await indexPendingVectors(into);
  return `${moved} vectors ${rebuilt ? 'by building the index again' : 'added to the index'} in ${seconds(performance.now() - started)} s`;
}

await queue.stop({ graceful: false, timeout: 2000 });
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
