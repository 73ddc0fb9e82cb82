/**
 * The time and memory budgets that tests used to assert, measured here instead: a test that the
 * clock or the machine's load can fail is not a test (ADR 0300). Each budget is timed on the app
 * as the tests build it (fastify.inject on an embedded database in memory, the real workers):
 *   npx tsx bench/ingest/budgets.ts            (node --liftoff-only --import tsx … as the server runs)
 * It prints each figure beside its budget and exits 1 when one is over. The behaviour behind each
 * budget is still tested, without the clock: jobs/ingest.test.ts, tests/api/uploads-hostile.test.ts,
 * server/db/foreground.test.ts.
 */
import { sql } from 'kysely';
import { requestStarted } from '../../server/db/foreground';
import { uploadDocument } from '../../server/domain/tomes/documents';
import { registerWorkers } from '../../jobs/register-workers';
import { rssOf } from '../../tests/support/process-rss';
import { bearer, createTestApp } from '../../tests/support/test-app';
import { createTome, uploadAndWait, uploadFile, waitForJob } from '../../tests/support/tome-upload';
import { zipBombDocx } from '../../tests/support/zip-bomb';

const MB = 1024 * 1024;
const note = (n: number) => new TextEncoder().encode(`# Note ${n}\n\nThe ember crown, part ${n}.\n`);
const results: { budget: string; figure: number; limit: number; unit: string }[] = [];
const record = (budget: string, figure: number, limit: number, unit: string) => results.push({ budget, figure, limit, unit });

/** An upload made inside a request that stays open is processed without waiting for that request (ADR 0245). */
async function uploadInsideAnOpenRequest() {
  const t = await createTestApp({ workers: true });
  try {
    const gm = await t.signUp();
    const tome = await createTome(t, gm.token, 'Notes');
    await uploadAndWait(t, gm.token, tome, 'note-1.md', note(1)); // the reading process started and kept
    const request = requestStarted();
    const opened = performance.now();
    let accepted!: ReturnType<typeof uploadDocument>;
    request.run(() => {
      accepted = uploadDocument(t.services.db, gm.userId, tome, { filename: 'note-2.md', bytes: note(2) }, { queue: t.services.queue, maxUploadBytes: MB });
    });
    const { job_id } = await accepted;
    const job = await waitForJob(t, gm.token, job_id);
    const took = performance.now() - opened;
    request.ended();
    if (job.status !== 'completed') throw new Error(`the upload's job ${job.status}`);
    // Under the 2 s an open request holds background work back (REQUEST_HOLD_MS).
    record('an upload inside an open request: processed after', took, 1_800, 'ms');
  } finally {
    await t.close();
  }
}

/** A queued document starts as soon as a worker is free, not at the worker's next 2 s poll. */
async function nextQueuedDocument() {
  const t = await createTestApp();
  try {
    const gm = await t.signUp();
    const tome = await createTome(t, gm.token, 'Notes');
    const uploads: string[] = [];
    for (let i = 1; i <= 4; i++) uploads.push((await uploadFile(t, gm.token, tome, `note-${i}.md`, note(i))).json().job_id);
    await registerWorkers(t.services.queue, t.services);
    for (const id of uploads) await waitForJob(t, gm.token, id);
    const runs = (
      await sql<{ started: Date; completed: Date }>`select started_on as started, completed_on as completed from pgboss.job
        where name = 'ingest-document' and data->>'jobId' in (${sql.join(uploads)}) order by started_on`.execute(t.services.db)
    ).rows.map((r) => ({ started: new Date(r.started).getTime(), completed: new Date(r.completed).getTime() }));
    const waits = runs.slice(2).map((run) => run.started - Math.max(...runs.filter((other) => other.completed <= run.started).map((other) => other.completed)));
    record('the next queued document: started after a worker is free (the longest)', Math.max(...waits), 1_000, 'ms');
  } finally {
    await t.close();
  }
}

/** Other users' requests are answered while a large document is processed. */
async function requestsDuringALargeDocument() {
  const t = await createTestApp({ workers: true, env: { MAX_UPLOAD_MB: '2' } });
  try {
    const alice = await t.signUp();
    const bob = await t.signUp();
    const tome = await createTome(t, alice.token, 'The long road');
    const sections = Array.from({ length: 250 }, (_, i) => `## Chapter ${i}\n\n${`The caravan of chapter ${i} crosses the salt flats. `.repeat(40)}`);
    const upload = await uploadFile(t, alice.token, tome, 'long-road.md', new TextEncoder().encode(`# The long road\n\n${sections.join('\n\n')}`));
    const jobId = upload.json().job_id;
    const latencies: number[] = [];
    for (let polls = 1; ; polls++) {
      const started = performance.now();
      const [status] = await Promise.all([
        t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/status`, headers: bearer(alice.token) }),
        t.app.inject({ method: 'GET', url: '/api/datasets', headers: bearer(bob.token) }),
      ]);
      latencies.push(performance.now() - started);
      const job = status.json();
      if (job.status === 'completed' || job.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, Math.min(200, 25 * polls)));
    }
    record(`requests while a 400 KB document is processed: the slowest of ${latencies.length}`, Math.max(...latencies), 3_000, 'ms');
  } finally {
    await t.close();
  }
}

/** A zip bomb that lies about its size is stopped while it inflates, with the process's memory bounded. */
async function zipBombMemory() {
  const t = await createTestApp({ workers: true, env: { MAX_UPLOAD_MB: '2' } });
  try {
    const gm = await t.signUp();
    const tome = await createTome(t, gm.token, 'Liar');
    const before = rssOf(process.pid); // this process and the reading process it started
    const response = await uploadFile(t, gm.token, tome, 'liar.docx', zipBombDocx(64, { declaredSize: 2000 }));
    const job = await waitForJob(t, gm.token, response.json().job_id);
    if (job.status !== 'failed') throw new Error(`the zip bomb's job ${job.status}`);
    record('a zip bomb lying about its size: memory growth', (rssOf(process.pid) - before) / MB, 150, 'MB');
  } finally {
    await t.close();
  }
}

await uploadInsideAnOpenRequest();
await nextQueuedDocument();
await requestsDuringALargeDocument();
await zipBombMemory();

let over = 0;
for (const { budget, figure, limit, unit } of results) {
  const met = figure < limit;
  if (!met) over++;
  console.log(`${met ? 'met ' : 'OVER'}  ${budget}: ${Math.round(figure).toLocaleString('en')} ${unit} (budget ${limit.toLocaleString('en')} ${unit})`);
}
process.exit(over > 0 ? 1 : 0);
