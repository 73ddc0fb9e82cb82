/**
 * Ingestion throughput: the whole pipeline (upload check, store, extract, chunk, embed with
 * the offline embedder, index) on a file-backed embedded database, as the server runs it.
 *   npm run bench:ingest        (SHARED_DIR defaults to ../shared)
 * Reports PDF pages per second on spellcasting.pdf (199 pages), documents per minute on the
 * SRD corpus, peak resident memory, and poppler's pdftotext on the same PDF in the same run.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OfflineEmbedder } from '../../server/ai/offline-embedder';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { extractDocument } from '../../server/domain/ingest/extract';
import { ingestDocument } from '../../server/domain/ingest/ingest-document';
import { createDataset } from '../../server/domain/tomes/datasets';
import { uploadDocument } from '../../server/domain/tomes/documents';
import { startQueue } from '../../server/queue';
import { sharedPath } from '../../tests/support/shared-dir';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-bench-ingest-'));
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 25);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pg') });
await migrate(database);
const queue = await startQueue(database);
const { db } = database;
const user = await db
  .insertInto('users')
  .values({ username: 'bench', email: 'bench@example.com', password_hash: 'x' })
  .returning('id')
  .executeTakeFirstOrThrow();
const dataset = await createDataset(db, user.id, { name: 'SRD', description: 'bench' });
const deps = { embedder: new OfflineEmbedder(), isLastAttempt: true };

async function ingestFile(file: string) {
  const bytes = new Uint8Array(fs.readFileSync(file));
  const accepted = await uploadDocument(db, user.id, dataset.id, { filename: path.basename(file), bytes }, { queue, maxUploadBytes: 100 * 1024 * 1024 });
  const outcome = await ingestDocument(db, user.id, { jobId: accepted.job_id, documentId: accepted.document_id }, deps);
  if (outcome !== 'completed') throw new Error(`${file}: ${outcome}`);
}

const pdf = sharedPath('fixtures', 'formats', 'spellcasting.pdf');
const pdfBytes = new Uint8Array(fs.readFileSync(pdf));

let t = performance.now();
const extracted = await extractDocument(pdfBytes, 'spellcasting.pdf');
const extractSeconds = (performance.now() - t) / 1000;
const pages = extracted.pageCount ?? 0;

const rssBeforePdf = process.memoryUsage().rss;
peakRss = rssBeforePdf;
t = performance.now();
await ingestFile(pdf);
const pdfSeconds = (performance.now() - t) / 1000;
const pdfPeak = peakRss;

t = performance.now();
execFileSync('pdftotext', [pdf, path.join(dataDir, 'out.txt')]);
const popplerSeconds = (performance.now() - t) / 1000;

const corpus = fs
  .readdirSync(sharedPath('corpus', 'srd5'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => sharedPath('corpus', 'srd5', f));
const corpusBytes = corpus.reduce((sum, f) => sum + fs.statSync(f).size, 0);
peakRss = process.memoryUsage().rss;
t = performance.now();
for (const file of corpus) await ingestFile(file);
const corpusSeconds = (performance.now() - t) / 1000;
const chunks = await db.selectFrom('chunks').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();

clearInterval(sampler);
console.log(`| measure | figure |
|---|---|
| spellcasting.pdf: extraction only (unpdf) | ${pages} pages in ${extractSeconds.toFixed(2)} s = ${(pages / extractSeconds).toFixed(0)} pages/s |
| spellcasting.pdf: whole pipeline | ${pages} pages in ${pdfSeconds.toFixed(2)} s = ${(pages / pdfSeconds).toFixed(0)} pages/s |
| pdftotext (poppler) on the same PDF | ${popplerSeconds.toFixed(2)} s = ${(pages / popplerSeconds).toFixed(0)} pages/s |
| peak RSS during the PDF | ${mb(pdfPeak)} (${mb(rssBeforePdf)} before) |
| SRD corpus, whole pipeline | ${corpus.length} documents (${(corpusBytes / 1024 / 1024).toFixed(1)} MB) in ${corpusSeconds.toFixed(1)} s = ${((corpus.length / corpusSeconds) * 60).toFixed(1)} documents/min, ${(corpusBytes / 1024 / corpusSeconds).toFixed(0)} KB/s |
| peak RSS during the corpus | ${mb(peakRss)} |
| chunks indexed | ${chunks.n} |`);

await queue.stop({ graceful: false, timeout: 2000 });
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
