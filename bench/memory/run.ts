/**
 * The server's memory (issue 11 item 4, issue 12 item 6), on the embedded database:
 *   npm run build && npx tsx bench/memory/run.ts
 * The server runs as `npm run serve` and the Dockerfile start it (scripts/serve.sh).
 * 1. idle RSS of the server against a bare PGlite opened on the same data folder, one after the
 *    other, IDLE_RUNS times (min / median): the bare PGlite with PGlite's defaults and node's,
 *    and with the server's Postgres settings and node flags; and the server process's own peak
 *    at start-up (VmHWM), on its first start on a new data folder and at each restart
 *    (EMBEDDED_DATABASE_COMPILER is passed on, as scripts/serve.sh reads it);
 * 2. peak RSS while spellcasting.pdf (199 pages) is ingested, and RSS once the server is idle
 *    again (after the reading process's keep-alive); then PDF_AGAIN more uploads of it back to
 *    back, as a GM uploading rulebooks one after another: the server busy, the reading process
 *    kept warm between them; then PDF_TOGETHER rounds of two uploads of it at once (a bulk
 *    upload: the ingest queue runs two jobs at a time);
 * 3. LARGE_ROUNDS uploads of a 4 MB CSV, each processed and deleted;
 * 4. a soak of SOAK uploads, each processed and deleted: small Markdown notes, and every
 *    SOAK_LARGE_EVERY-th a 1 MB CSV.
 * RSS is read from /proc/<pid>/status (VmRSS) of the server process and of the processes it started
 * (its reading process, ADR 0224), added up; at each mark
 * bench/memory/probe.ts (preloaded) reports where it is: V8's heap, PGlite's WebAssembly heap,
 * the rest of the anonymous memory (native allocations, dead threads' pages), the binary.
 */
import fs from 'node:fs';
import { freePort } from '../../tests/support/server-process';
import { sharedPath } from '../../tests/support/shared-dir';
import {
  api,
  bareRss,
  breakdown,
  cleanUp,
  csv,
  ingest,
  MB,
  mb,
  median,
  ownPeakRss,
  pct,
  rssOf,
  serveSettings,
  settledRss,
  sleep,
  startServer as startOn,
} from './support';

// A free port: a fixed one may be another bench's target on a shared machine.
const PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
const IDLE_RUNS = Number(process.env.IDLE_RUNS ?? 2);
const SOAK = Number(process.env.SOAK ?? 200);
const SOAK_LARGE_EVERY = Number(process.env.SOAK_LARGE_EVERY ?? 20);
const LARGE_ROUNDS = Number(process.env.LARGE_ROUNDS ?? 3);
const PDF_AGAIN = Number(process.env.PDF_AGAIN ?? 3);
const PDF_TOGETHER = Number(process.env.PDF_TOGETHER ?? 2);
const startServer = (dataDir?: string) => startOn(PORT, dataDir);

/** A small Markdown note, different on every call. */
function note(seed: number): Uint8Array {
  const sections = Array.from(
    { length: 12 },
    (_, i) =>
      `## Scene ${i + 1}\n\nThe party of ${seed} meets envoy ${seed * 13 + i} at the ${['mill', 'bridge', 'tower'][i % 3]}. ${'They trade rumours of the drowned chapel and the ember crown. '.repeat(20)}`,
  );
  return new TextEncoder().encode(`# Session ${seed}\n\n${sections.join('\n\n')}`);
}

const settings = serveSettings();
console.log(`server start settings (scripts/serve.sh): node ${settings.nodeArgs.join(' ')}; env ${JSON.stringify(settings.env)}`);

// 1. Idle: start once (migrations, first-start work), stop, then bare and server one after the other.
// The server's own peak since it started (VmHWM) is read once it answers and once it has idled.
let server = await startServer();
const dataDir = server.dataDir;
const firstStartPeaks = [ownPeakRss(server.pid)];
await sleep(15_000);
firstStartPeaks.push(ownPeakRss(server.pid));
await server.stop({ keepData: true });
const startPeaks: string[] = [];
const idles: number[] = [];
const bares: number[] = [];
const baresWithSettings: number[] = [];
for (let run = 1; run <= IDLE_RUNS; run++) {
  // Never open the folder a second time while the server has it open: the bare PGlites run just before.
  bares.push(await bareRss(dataDir, false));
  baresWithSettings.push(await bareRss(dataDir, true));
  server = await startServer(dataDir);
  const atReady = ownPeakRss(server.pid);
  await sleep(15_000);
  startPeaks.push(`${mb(atReady)} / ${mb(ownPeakRss(server.pid))}`);
  idles.push(await settledRss(server.pid));
  console.log(`  server idle: ${mb(idles.at(-1)!)} ${await breakdown(server.pid)}`);
  if (run < IDLE_RUNS) await server.stop({ keepData: true });
}
console.log(
  `start-up peak of the server process (VmHWM, once it answers / after 15 s): first start on a new data folder ${firstStartPeaks.map(mb).join(' / ')}; ` +
    `each restart ${startPeaks.join(', ')}`,
);
const idle = idles.at(-1)!;
const over = idles.map((value, i) => value - bares[i]);
const overSettings = idles.map((value, i) => value - baresWithSettings[i]);
console.log(
  `idle: server ${idles.map(mb).join(', ')}; bare PGlite ${bares.map(mb).join(', ')}; server - bare min / median ${mb(Math.min(...over))} / ${mb(median(over))}; ` +
    `against a bare PGlite with the server's settings ${baresWithSettings.map(mb).join(', ')}: ${mb(Math.min(...overSettings))} / ${mb(median(overSettings))}`,
);

const token = await server.signUp('memory');
const tome = (await (
  await api(server, token, '/api/datasets', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Memory', description: '' }),
  })
).json()) as { id: string };

// 2. The 199-page PDF (PDF=0 skips it, for a soak alone).
if (process.env.PDF !== '0') {
  const pdf = new Uint8Array(fs.readFileSync(sharedPath('fixtures', 'formats', 'spellcasting.pdf')));
  const beforePdf = rssOf(server.pid);
  const started = Date.now();
  const pdfRun = await ingest(server, token, tome.id, 'spellcasting.pdf', pdf);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  await sleep(20_000);
  const afterPdf = await settledRss(server.pid);
  console.log(
    `spellcasting.pdf (${seconds} s): before ${mb(beforePdf)}, peak ${mb(pdfRun.peak)}, idle after ${mb(afterPdf)} (${pct(afterPdf, idle)} over idle) ${await breakdown(server.pid)}`,
  );
  const again: string[] = [];
  for (let round = 1; round <= PDF_AGAIN; round++) {
    const run = await ingest(server, token, tome.id, `spellcasting-${round}.pdf`, pdf);
    again.push(`${mb(run.peak)} (reading process ${mb(run.childrenAtPeak)}, ${run.seconds.toFixed(1)} s)`);
  }
  if (PDF_AGAIN > 0) {
    await sleep(20_000);
    const afterAgain = await settledRss(server.pid);
    console.log(`spellcasting.pdf again x${PDF_AGAIN}, back to back: peaks ${again.join(', ')}; idle after ${mb(afterAgain)} (${pct(afterAgain, idle)} over idle)`);
  }
  const together: string[] = [];
  for (let round = 1; round <= PDF_TOGETHER; round++) {
    const runs = await Promise.all(['a', 'b'].map((side) => ingest(server, token, tome.id, `spellcasting-${side}${round}.pdf`, pdf)));
    const peak = Math.max(...runs.map((run) => run.peak));
    const reading = Math.max(...runs.map((run) => run.childrenAtPeak));
    together.push(`${mb(peak)} (reading processes ${mb(reading)}, both ready after ${Math.max(...runs.map((run) => run.seconds)).toFixed(1)} s)`);
  }
  if (PDF_TOGETHER > 0) {
    await sleep(20_000);
    const afterTogether = await settledRss(server.pid);
    console.log(
      `spellcasting.pdf twice at once x${PDF_TOGETHER}: peaks ${together.join(', ')}; idle after ${mb(afterTogether)} (${pct(afterTogether, idle)} over idle)`,
    );
  }
}

// 3. Large uploads and deletes.
const large: string[] = [];
for (let round = 1; round <= LARGE_ROUNDS; round++) {
  const run = await ingest(server, token, tome.id, `bestiary-${round}.csv`, csv(4 * MB, round));
  await api(server, token, `/api/datasets/${tome.id}/documents/${run.documentId}`, { method: 'DELETE' });
  large.push(`${mb(rssOf(server.pid))} (peak ${mb(run.peak)})`);
  console.log(`  4 MB CSV ${round}: ${large.at(-1)}`);
}
await sleep(20_000);
const afterLarge = await settledRss(server.pid);
console.log(
  `4 MB CSV upload + delete x${LARGE_ROUNDS}: after each ${large.join(', ')}; idle after ${mb(afterLarge)} (${pct(afterLarge, idle)} over idle) ${await breakdown(server.pid)}`,
);

// 4. The soak.
const marks: string[] = [];
const soakStart = afterLarge;
let soakPeak = 0;
for (let i = 1; i <= SOAK; i++) {
  const large = SOAK_LARGE_EVERY > 0 && i % SOAK_LARGE_EVERY === 0;
  const run = await ingest(server, token, tome.id, large ? `bestiary-soak-${i}.csv` : `session-${i}.md`, large ? csv(MB, 100 + i) : note(i));
  soakPeak = Math.max(soakPeak, run.peak);
  await api(server, token, `/api/datasets/${tome.id}/documents/${run.documentId}`, { method: 'DELETE' });
  if (i % 20 === 0 || i === SOAK) {
    marks.push(`${i}: ${mb(rssOf(server.pid))}`);
    console.log(`  soak: ${marks.at(-1)}`);
  }
}
await sleep(20_000);
const afterSoak = await settledRss(server.pid);
console.log(
  `soak of ${SOAK} uploads (each processed, then deleted${SOAK_LARGE_EVERY > 0 ? `; every ${SOAK_LARGE_EVERY}th a 1 MB CSV` : ''}): RSS after ${marks.join(', ')}; peak ${mb(soakPeak)}`,
);
console.log(
  `soak: start ${mb(soakStart)}, idle after all ${mb(afterSoak)} (${pct(afterSoak, soakStart)} growth over the soak; ${pct(afterSoak, idle)} over the first idle) ${await breakdown(server.pid)}`,
);

await server.stop();
cleanUp();
