/**
 * Soak of large uploads (issue 12 item 6, issue 11 item 4): does memory come back near idle?
 *   npm run build && npx tsx bench/memory/soak.ts
 * The built server, started as scripts/serve.sh starts it, on the embedded database. First the
 * anchors in the same run: a bare PGlite on the server's data folder (PGlite's defaults, then the
 * server's settings), and the server's idle RSS. Then ROUNDS rounds of FILES (default: three 4 MB
 * CSVs, as in the issue's reproduction, then spellcasting.pdf, 199 pages): each file uploaded into
 * a new tome, processed, and the tome deleted; after each, RSS once idle again (past the reading
 * process's keep-alive). Reports the peak and the idle RSS after every upload, with the probe's
 * breakdown (bench/memory/probe.ts) at the peak and after, and the growth over idle. RSS counts the
 * server process and the processes it started (the reading process, ADR 0224) together.
 * LATER_MARKS=60,120 reads RSS again that many seconds after each delete.
 * SETTINGS='NAME=value ...' adds environment to the server (to compare a setting in one run);
 * GC_AFTER=1 also has the probe run a full collection after each and reports RSS then (GC_AT_END=1:
 * only after the last, so the rounds run as the server would);
 * SNAPSHOTS_AFTER=0,1,5 has the server write a V8 heap snapshot at idle and after those uploads
 * (compare two with bench/memory/heap-diff.ts). Writing a snapshot leaves its own native memory
 * with the process (the malloc heap 42 -> 258 MB in session 9): RSS after one says nothing.
 * CATCH_OVER=8 catches the state where the server stays high after an upload: when the idle after
 * one is more than that % over the cold idle, or the V8 heap's used part more than CATCH_HEAP_MB
 * (default 12) over the cold idle's, it prints what the server holds then (the probe's breakdown
 * with the heap's spaces and what keeps its event loop busy: timers, sockets, child processes),
 * then has the probe run a full collection and reads RSS again 5 s and 30 s later: garbage not
 * yet collected, or live objects? With CATCH_SNAPSHOTS=1 the server also writes a heap snapshot
 * just before each upload and one in the caught state, before the collection (a snapshot collects
 * first, so it holds only live objects); compare the two with heap-diff.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MemoryReport } from './probe';
import { freePort } from '../../tests/support/server-process';
import { sharedPath } from '../../tests/support/shared-dir';
import {
  api,
  bareRss,
  breakdown,
  cleanUp,
  createTome,
  csv,
  ingest,
  MB,
  mb,
  pct,
  probe,
  rssOf,
  serveSettings,
  settledRss,
  sleep,
  startServer,
  summarize,
} from './support';

const PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const FILES = (process.env.FILES ?? 'csv,csv,csv,pdf').split(',');
/** Past the reading process's keep-alive (server/domain/ingest/prepare/off-thread.ts). */
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 20_000);
/** Later marks (seconds after the delete) at which RSS is read again: does what stays at SETTLE_MS come back with time? */
const LATER_MARKS = (process.env.LATER_MARKS ?? '').split(',').filter(Boolean).map(Number);
/** Steps after which the server writes a heap snapshot (0: at idle, before the first upload). */
const SNAPSHOTS_AFTER = (process.env.SNAPSHOTS_AFTER ?? '').split(',').filter(Boolean).map(Number);
const CATCH_OVER = process.env.CATCH_OVER ? Number(process.env.CATCH_OVER) : null;
const CATCH_HEAP_MB = Number(process.env.CATCH_HEAP_MB ?? 12);
const CATCH_SNAPSHOTS = process.env.CATCH_SNAPSHOTS === '1';
const EXTRA_ENV = Object.fromEntries(
  (process.env.SETTINGS ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => pair.split('=') as [string, string]),
);

const settings = serveSettings();
console.log(`server start settings (scripts/serve.sh): node ${settings.nodeArgs.join(' ')}; env ${JSON.stringify({ ...settings.env, ...EXTRA_ENV })}`);

let server = await startServer(PORT, undefined, EXTRA_ENV);
const dataDir = server.dataDir;
await server.stop({ keepData: true });
// Never open the folder a second time while the server has it open: the bare PGlites run just before.
const bare = await bareRss(dataDir, false);
const bareWithSettings = await bareRss(dataDir, true);
server = await startServer(PORT, dataDir, EXTRA_ENV);
await sleep(15_000);
const idle = await settledRss(server.pid);
const idleReport = await probe(server.pid);
console.log(`idle: server ${mb(idle)} ${await breakdown(server.pid)}${CATCH_OVER === null ? '' : ` ${details(idleReport)}`}`);
console.log(`  server - bare PGlite ${mb(idle - bare)}; server - bare PGlite with the server's settings ${mb(idle - bareWithSettings)}`);

if (SNAPSHOTS_AFTER.includes(0)) {
  const file = path.join(os.tmpdir(), `tomekeeper-soak-${server.pid}-after-0.heapsnapshot`);
  await probe(server.pid, { snapshot: file });
  console.log(`heap snapshot at idle: ${file}`);
}
const token = await server.signUp('soak');
const pdf = new Uint8Array(fs.readFileSync(sharedPath('fixtures', 'formats', 'spellcasting.pdf')));
const rows: string[] = [];
let step = 0;
for (let round = 1; round <= ROUNDS; round++) {
  for (const kind of FILES) {
    step++;
    const tomeId = await createTome(server, token, `Soak ${step}`);
    const snapshotBefore = path.join(os.tmpdir(), `tomekeeper-soak-${server.pid}-before-${step}.heapsnapshot`);
    if (CATCH_SNAPSHOTS) await probe(server.pid, { snapshot: snapshotBefore });
    const [filename, bytes] = kind === 'pdf' ? ['spellcasting.pdf', pdf] : [`bestiary-${step}.csv`, csv(4 * MB, step)];
    const run = await ingest(server, token, tomeId, filename, bytes);
    await api(server, token, `/api/datasets/${tomeId}`, { method: 'DELETE' });
    await sleep(SETTLE_MS);
    const after = await settledRss(server.pid);
    console.log(`${step}. ${filename} (${run.seconds.toFixed(1)} s): peak ${mb(run.peak)} (reading processes ${mb(run.childrenAtPeak)}) ${summarize(run.atPeak)}`);
    console.log(`   tome deleted, idle after ${mb(after)} (${pct(after, idle)} over idle) ${await breakdown(server.pid)}`);
    if (CATCH_OVER !== null) await catchHigh(step, after, snapshotBefore);
    const later: string[] = [];
    let waited = SETTLE_MS / 1000 + 5;
    for (const mark of LATER_MARKS) {
      await sleep(Math.max(0, mark - waited) * 1000);
      waited = mark;
      const rss = await settledRss(server.pid);
      waited += 5;
      later.push(`${mb(rss)} (${pct(rss, idle)}) at ${mark} s`);
      console.log(`   ${mark} s after the delete: ${mb(rss)} (${pct(rss, idle)} over idle) ${await breakdown(server.pid)}`);
    }
    rows.push(
      `| ${step} | ${filename} | ${run.seconds.toFixed(0)} s | ${mb(run.peak)} | ${mb(after)} | ${pct(after, idle)} |${later.length > 0 ? ` ${later.join(', ')} |` : ''}`,
    );
    if (SNAPSHOTS_AFTER.includes(step)) {
      const file = path.join(os.tmpdir(), `tomekeeper-soak-${server.pid}-after-${step}.heapsnapshot`);
      await probe(server.pid, { snapshot: file });
      console.log(`   heap snapshot: ${file}`);
    }
    if (process.env.GC_AFTER === '1') {
      const collected = summarize(await probe(server.pid, { gc: true }));
      console.log(`   after a full collection (probe): ${mb(await settledRss(server.pid))} ${collected}`);
    }
  }
}
const last = rssOf(server.pid);
if (process.env.GC_AT_END === '1') {
  const collected = summarize(await probe(server.pid, { gc: true }));
  console.log(`after the last, a full collection (probe): ${mb(await settledRss(server.pid))} ${collected}`);
}
console.log(`\nidle ${mb(idle)} (bare PGlite ${mb(bare)}, with the server's settings ${mb(bareWithSettings)})`);
console.log('| # | upload | time | peak | idle after (tome deleted) | over idle |\n|---|---|---|---|---|---|');
console.log(rows.join('\n'));
console.log(`end: ${mb(last)}, ${pct(last, idle)} over idle`);

await server.stop();
cleanUp();

/** The heap's spaces (used of committed) and what keeps the event loop busy, from a probe report. */
function details(r: MemoryReport | null): string {
  if (!r) return '';
  const spaces = Object.entries(r.heapSpacesUsed)
    .filter(([, used]) => used >= MB)
    .map(([name, used]) => `${name.replace(/_space$/, '')} ${mb(used)}/${mb(r.heapSpaces[name])}`)
    .join(', ');
  const resources = Object.entries(r.activeResources)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  return `{heap spaces used/committed: ${spaces}; active: ${resources}; external ${mb(r.external)}, array buffers ${mb(r.arrayBuffers)}}`;
}

/** CATCH_OVER: when the server stayed high after upload `step`, what it holds, and whether a collection returns it. */
async function catchHigh(step: number, after: number, snapshotBefore: string): Promise<void> {
  const report = await probe(server.pid);
  const heapOver = report && idleReport ? (report.heapUsed - idleReport.heapUsed) / MB : 0;
  if ((after - idle) / idle < (CATCH_OVER ?? 0) / 100 && heapOver < CATCH_HEAP_MB) return;
  console.log(`   CAUGHT high after ${step}: ${mb(after)} (${pct(after, idle)} over idle), V8 heap used ${heapOver.toFixed(0)} MB over idle's ${details(report)}`);
  if (CATCH_SNAPSHOTS) {
    const file = path.join(os.tmpdir(), `tomekeeper-soak-${server.pid}-high-${step}.heapsnapshot`);
    const snapshotted = await probe(server.pid, { snapshot: file });
    console.log(
      `   heap snapshots: ${snapshotBefore} (just before the upload) -> ${file}; heap used after the snapshot's collection ${snapshotted ? mb(snapshotted.heapUsed) : '?'}`,
    );
  }
  const collected = await probe(server.pid, { gc: true });
  console.log(`   after a full collection: ${summarize(collected)} ${details(collected)}`);
  for (const seconds of [5, 30]) {
    await sleep(seconds === 5 ? 0 : 25_000);
    console.log(`   ${seconds} s after the collection: ${mb(await settledRss(server.pid))} ${await breakdown(server.pid)}`);
  }
}
