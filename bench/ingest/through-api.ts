/**
 * spellcasting.pdf (199 pages) uploaded through the API and processed by the app's own workers,
 * as a GM's upload is, on a file-backed embedded database (issue 11 item 2 measured the way the
 * issue did):
 *   npx tsx bench/ingest/through-api.ts      (SHARED_DIR defaults to ../shared; RUNS=5 warm runs)
 * Each run follows pdftotext on the same file (the anchor) and starts once the previous run's
 * background work is over (its vectors moved into the index, then 1 s); with BACK_TO_BACK=1, as
 * soon as the previous document is ready, as a GM uploading a stack of rulebooks does (the
 * previous one's vectors are then moved into the index meanwhile). Reported per run: when the
 * upload was answered, when the job had started (left the queue), when the document was ready, and
 * ready / pdftotext. The first run also starts the reading process and PDF.js; it is reported
 * apart. bench/ingest/run.ts times the pipeline alone, called in process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/database';
import { inBackground } from '../../server/db/foreground';
import { migrate } from '../../server/db/migrate';
import { pendingVectorCount } from '../../server/domain/retrieval/vector-index';
import { createTestApp } from '../../tests/support/test-app';
import { createTome, uploadFile } from '../../tests/support/tome-upload';
import { pdftotextMs, spellcastingPdf } from './inputs';

const RUNS = Number(process.env.RUNS ?? 5);
const bytes = new Uint8Array(fs.readFileSync(spellcastingPdf()));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-bench-through-api-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pg') });
await migrate(database);
const t = await createTestApp({ database, workers: true });
const gm = await t.signUp();
const tome = await createTome(t, gm.token, 'PDF');
// Watched as background work: a request's statements make ingestion yield (server/db/foreground.ts),
// so polling through the API would slow what is measured.

const rows: string[] = [];
const ratios: number[] = [];
for (let run = 0; run <= RUNS; run++) {
  const anchor = pdftotextMs(dir);

  const started = performance.now();
  const response = await uploadFile(t, gm.token, tome, `spellcasting-${run}.pdf`, bytes, { duplicate: 'keep' });
  const answered = performance.now() - started;
  if (response.statusCode !== 202) throw new Error(`upload: ${response.statusCode} ${response.body}`);
  const jobId = (response.json() as { job_id: string }).job_id;
  let jobStarted = 0;
  for (;;) {
    const job = await inBackground(() => t.services.db.selectFrom('jobs').select(['status', 'error']).where('id', '=', jobId).executeTakeFirstOrThrow());
    if (jobStarted === 0 && job.status !== 'queued') jobStarted = performance.now() - started;
    if (job.status === 'completed') break;
    if (job.status === 'failed') throw new Error(`the PDF failed: ${job.error}`);
    await sleep(5);
  }
  const ready = performance.now() - started;

  const label = run === 0 ? 'cold (reading process and PDF.js start)' : `run ${run}`;
  rows.push(
    `| ${label} | ${answered.toFixed(0)} ms | ${jobStarted.toFixed(0)} ms | ${ready.toFixed(0)} ms | ${anchor.toFixed(0)} ms | ${(ready / anchor).toFixed(1)}x |`,
  );
  if (run > 0) ratios.push(ready / anchor);

  if (!process.env.BACK_TO_BACK) {
    while ((await inBackground(() => pendingVectorCount(t.services.db))) > 0) await sleep(50);
    await sleep(1000);
  }
}
await t.close();
fs.rmSync(dir, { recursive: true, force: true });

console.log(`spellcasting.pdf (199 pages) through the API, processed by the app's workers; load average ${os
  .loadavg()
  .map((x) => x.toFixed(1))
  .join(' ')}

| run | upload answered | job started | document ready | pdftotext just before | ratio |
|---|---|---|---|---|---|
${rows.join('\n')}
| **warm runs: min / median ratio** | | | | | **${Math.min(...ratios).toFixed(1)}x / ${median(ratios).toFixed(1)}x** |`);
process.exit(0);
