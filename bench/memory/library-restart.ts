/**
 * Memory after a large library is ingested against the same library after a restart (issue 36:
 * "memory settles within 10% of what the same library takes after a restart"), on the embedded
 * database, the server started as `npm run serve` starts it (scripts/serve.sh):
 *   npm run build && npx tsx bench/memory/library-restart.ts [runs]
 * The library: five SRDs (the whole SRD of SHARED_DIR/corpus/srd5 as one Markdown file, five
 * times, each with its own first line) and three 199-page PDFs (fixtures/formats/spellcasting.pdf,
 * the one 199-page PDF of the shared material, uploaded three times), one after another into one
 * tome. Then the server is left idle until the vector index has taken every vector and its RSS
 * has settled (the median over SETTLE_SECONDS, read after WAIT_SECONDS); it is stopped, started
 * on the same folder, and read the same way. Both reads are repeated after one question to the
 * campaign assistant (offline engine), a search through the library.
 * RSS is the server process's own (its reading process has ended by then; a kept one is counted
 * apart). Min and median over the runs. Anchor: `node -e 0`'s peak RSS, in the same minute.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { childrenRss, ownRss } from '../../tests/support/process-rss';
import { freePort } from '../../tests/support/server-process';
import { sharedPath } from '../../tests/support/shared-dir';
import { api, breakdown, cleanUp, createTome, ingest, MB, mb, median, type Server, settledRss, sleep, startServer } from './support';

const RUNS = Number(process.argv[2] ?? 2);
const PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
/** Idle time before the read: the vector index job, the quiet collection and the reader's keep-alive (15 s) are over. */
const WAIT_SECONDS = Number(process.env.WAIT_SECONDS ?? 45);
const SETTLE_SECONDS = Number(process.env.SETTLE_SECONDS ?? 10);
const SRDS = Number(process.env.SRDS ?? 5);
const PDFS = Number(process.env.PDFS ?? 3);

const srdDir = sharedPath('corpus', 'srd5');
const srd = fs
  .readdirSync(srdDir)
  .filter((file) => file.endsWith('.md'))
  .sort()
  .map((file) => fs.readFileSync(path.join(srdDir, file), 'utf8'))
  .join('\n\n');
const pdf = new Uint8Array(fs.readFileSync(sharedPath('fixtures', 'formats', 'spellcasting.pdf')));
const encode = (text: string) => new TextEncoder().encode(text);

const anchorRss = () => Number(spawnSync(process.execPath, ['-e', 'console.log(process.resourceUsage().maxRSS)'], { encoding: 'utf8' }).stdout.trim()) * 1024;

/** The server's own RSS once idle and settled, with where it is; the reading process's apart. */
async function idleRead(server: Server, label: string): Promise<number> {
  await sleep(WAIT_SECONDS * 1000);
  const rss = await settledRss(server.pid, { seconds: SETTLE_SECONDS, read: ownRss });
  console.log(`  ${label}: ${mb(rss)} ${await breakdown(server.pid)}`);
  return rss;
}

/** One question to the campaign assistant (offline engine) over the library: a search through every passage. */
async function ask(server: Server, token: string, campaign: string): Promise<void> {
  await api(server, token, `/api/campaigns/${campaign}/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'What damage does a creature in a 20-foot-radius sphere of fireball take?' }),
  });
}

async function campaignOver(server: Server, token: string, tome: string): Promise<string> {
  const json = { 'content-type': 'application/json' };
  const campaign = (await (await api(server, token, '/api/campaigns', { method: 'POST', headers: json, body: JSON.stringify({ name: 'Library' }) })).json()) as {
    id: string;
  };
  await api(server, token, `/api/campaigns/${campaign.id}/datasets`, { method: 'POST', headers: json, body: JSON.stringify({ dataset_id: tome }) });
  return campaign.id;
}

console.log(
  `library: ${SRDS} x the SRD (${(srd.length / MB).toFixed(1)} MB of Markdown) and ${PDFS} x spellcasting.pdf (199 pages); ${RUNS} runs; ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`,
);
const rows: Array<{ ingested: number; restarted: number; ingestedAsked: number; restartedAsked: number; anchor: number; seconds: number }> = [];
for (let run = 1; run <= RUNS; run++) {
  const anchor = anchorRss();
  let server = await startServer(PORT);
  const started = Date.now();
  const token = await server.signUp(`library${run}`);
  const tome = await createTome(server, token, 'Library');
  const campaign = await campaignOver(server, token, tome);
  let peak = 0;
  for (let i = 1; i <= SRDS; i++) {
    const result = await ingest(server, token, tome, `srd-${i}.md`, encode(`# SRD copy ${i}\n\n${srd}`));
    peak = Math.max(peak, result.peak);
  }
  for (let i = 1; i <= PDFS; i++) {
    const result = await ingest(server, token, tome, `spellcasting-${i}.pdf`, pdf);
    peak = Math.max(peak, result.peak);
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(`run ${run}: ingested in ${seconds.toFixed(0)} s, peak (server and reading process) ${mb(peak)}; anchor ${mb(anchor)}`);
  const ingested = await idleRead(server, 'after the ingest, idle');
  await ask(server, token, campaign);
  const ingestedAsked = await idleRead(server, 'after the ingest and one question');
  await server.stop({ keepData: true });

  server = await startServer(PORT, server.dataDir);
  try {
    const restarted = await idleRead(server, 'after a restart, idle');
    await ask(server, token, campaign);
    const restartedAsked = await idleRead(server, 'after a restart and one question');
    if (childrenRss(server.pid) > 0) console.log(`  (a reading process still runs: ${mb(childrenRss(server.pid))})`);
    rows.push({ ingested, restarted, ingestedAsked, restartedAsked, anchor, seconds });
    const over = (a: number, b: number) => `${(((a - b) / b) * 100).toFixed(1)}%`;
    console.log(
      `run ${run}: idle ${mb(ingested)} after the ingest, ${mb(restarted)} after a restart (${over(ingested, restarted)} over); after one question ${mb(ingestedAsked)} against ${mb(restartedAsked)} (${over(ingestedAsked, restartedAsked)} over)`,
    );
  } finally {
    await server.stop();
  }
}

const line = (label: string, values: number[], format = mb) => `${label}: min ${format(Math.min(...values))}, median ${format(median(values))}`;
const ratio = (value: number) => `${(value * 100).toFixed(1)}%`;
console.log(
  line(
    'idle after the ingest',
    rows.map((r) => r.ingested),
  ),
);
console.log(
  line(
    'idle after a restart',
    rows.map((r) => r.restarted),
  ),
);
console.log(
  line(
    'over the restart, idle',
    rows.map((r) => r.ingested / r.restarted - 1),
    ratio,
  ),
);
console.log(
  line(
    'over the restart, after one question',
    rows.map((r) => r.ingestedAsked / r.restartedAsked - 1),
    ratio,
  ),
);
console.log(
  line(
    'anchor (node -e 0, peak RSS)',
    rows.map((r) => r.anchor),
  ),
);
cleanUp();
