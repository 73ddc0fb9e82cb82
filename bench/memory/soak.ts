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
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
console.log(`idle: server ${mb(idle)} ${await breakdown(server.pid)}`);
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
    const [filename, bytes] = kind === 'pdf' ? ['spellcasting.pdf', pdf] : [`bestiary-${step}.csv`, csv(4 * MB, step)];
    const run = await ingest(server, token, tomeId, filename, bytes);
    await api(server, token, `/api/datasets/${tomeId}`, { method: 'DELETE' });
    await sleep(SETTLE_MS);
    const after = await settledRss(server.pid);
    console.log(`${step}. ${filename} (${run.seconds.toFixed(1)} s): peak ${mb(run.peak)} (reading processes ${mb(run.childrenAtPeak)}) ${summarize(run.atPeak)}`);
    console.log(`   tome deleted, idle after ${mb(after)} (${pct(after, idle)} over idle) ${await breakdown(server.pid)}`);
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
