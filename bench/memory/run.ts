/**
 * The server's memory (issue 11 item 4, issue 12 item 6), on the embedded database:
 *   npm run build && npx tsx bench/memory/run.ts        (SOAK=200 uploads by default)
 * 1. idle RSS of the server against a bare PGlite opened on the same data folder, side by side;
 * 2. peak RSS while spellcasting.pdf (199 pages) is ingested, and RSS once the server is idle
 *    again (after the reading thread's 15 s keep-alive);
 * 3. repeated large uploads and deletes (4 MB CSVs), then a soak of SOAK small uploads, each
 *    processed and deleted, with RSS sampled along the way.
 * RSS is read from /proc/<pid>/status (VmRSS) of the server process itself.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startBuiltServer } from '../support/server';
import { freePort } from '../../tests/support/server-process';
import { sharedPath } from '../../tests/support/shared-dir';

// A free port: a fixed one may be another bench's target on a shared machine.
const PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
const SOAK = Number(process.env.SOAK ?? 200);
const LARGE_ROUNDS = Number(process.env.LARGE_ROUNDS ?? 5);
const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** RSS once it has settled: the median of samples over a few seconds. */
async function settledRss(pid: number, seconds = 5): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < seconds * 4; i++) {
    samples.push(rssOf(pid));
    await sleep(250);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

async function bareRss(dataDir: string): Promise<number> {
  const child = fork(path.join(import.meta.dirname, 'bare-pglite.ts'), [path.join(dataDir, 'pg')], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  await new Promise((resolve) => child.once('message', resolve));
  await sleep(3000);
  const rss = await settledRss(child.pid!);
  child.kill();
  await new Promise((resolve) => child.once('exit', resolve));
  return rss;
}

type Server = Awaited<ReturnType<typeof startBuiltServer>>;

async function api(server: Server, token: string, url: string, init: RequestInit = {}) {
  const response = await fetch(`${server.base}${url}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** Uploads one file and waits for its job, sampling RSS meanwhile; returns the document id and the peak. */
async function ingest(server: Server, token: string, tomeId: string, filename: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), filename);
  let peak = rssOf(server.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 50);
  try {
    const upload = (await (await api(server, token, `/api/datasets/${tomeId}/documents?duplicate=keep`, { method: 'POST', body: form })).json()) as {
      job_id: string;
      document_id: string;
    };
    for (;;) {
      const job = (await (await api(server, token, `/api/jobs/${upload.job_id}/status`)).json()) as { status: string; error: string | null };
      if (job.status === 'failed') throw new Error(`${filename}: ${job.error}`);
      if (job.status === 'completed') break;
      await sleep(200);
    }
    return { documentId: upload.document_id, peak };
  } finally {
    clearInterval(sampler);
  }
}

/** A CSV of about `size` bytes: a monster table, different on every call. */
function csv(size: number, seed: number): Uint8Array {
  const rows = ['name,type,challenge,hit_points,armor_class,notes'];
  let length = rows[0].length;
  for (let i = 0; length < size; i++) {
    const row = `Creature ${seed}-${i},${['beast', 'undead', 'fiend', 'dragon'][i % 4]},${(i % 30) + 1},${(i * 7) % 300},${10 + (i % 10)},Lairs near the ${['marsh', 'crypt', 'spire', 'ford'][i % 4]} of ${seed}`;
    rows.push(row);
    length += row.length + 1;
  }
  return new TextEncoder().encode(rows.join('\n'));
}

/** A small Markdown note, different on every call. */
function note(seed: number): Uint8Array {
  const sections = Array.from(
    { length: 12 },
    (_, i) =>
      `## Scene ${i + 1}\n\nThe party of ${seed} meets envoy ${seed * 13 + i} at the ${['mill', 'bridge', 'tower'][i % 3]}. ${'They trade rumours of the drowned chapel and the ember crown. '.repeat(20)}`,
  );
  return new TextEncoder().encode(`# Session ${seed}\n\n${sections.join('\n\n')}`);
}

// 1. Idle: start once (migrations, first-start work), stop, then measure bare and server one after the other.
let server = await startBuiltServer(PORT);
const dataDir = server.dataDir;
await server.stop({ keepData: true });
const bare = await bareRss(dataDir);
server = await startBuiltServer(PORT, {}, { dataDir });
await sleep(10_000);
const idle = await settledRss(server.pid);
// Never open the folder a second time while the server has it open: the bare PGlite runs just before.
console.log(`idle: server ${mb(idle)}, bare PGlite on the same folder ${mb(bare)} -> server - bare = ${mb(idle - bare)}`);

const token = await server.signUp('memory');
const tome = (await (
  await api(server, token, '/api/datasets', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Memory', description: '' }),
  })
).json()) as { id: string };

// 2. The 199-page PDF.
const pdf = new Uint8Array(fs.readFileSync(sharedPath('fixtures', 'formats', 'spellcasting.pdf')));
const beforePdf = rssOf(server.pid);
const pdfRun = await ingest(server, token, tome.id, 'spellcasting.pdf', pdf);
await sleep(20_000);
const afterPdf = await settledRss(server.pid);
console.log(
  `spellcasting.pdf: before ${mb(beforePdf)}, peak ${mb(pdfRun.peak)}, idle after ${mb(afterPdf)} (${(((afterPdf - idle) / idle) * 100).toFixed(1)}% over idle)`,
);

// 3a. Large uploads and deletes.
const large: string[] = [];
for (let round = 1; round <= LARGE_ROUNDS; round++) {
  const run = await ingest(server, token, tome.id, `bestiary-${round}.csv`, csv(4 * MB, round));
  await api(server, token, `/api/datasets/${tome.id}/documents/${run.documentId}`, { method: 'DELETE' });
  large.push(`${mb(rssOf(server.pid))} (peak ${mb(run.peak)})`);
}
await sleep(20_000);
const afterLarge = await settledRss(server.pid);
console.log(
  `4 MB CSV upload + delete x${LARGE_ROUNDS}: after each ${large.join(', ')}; idle after ${mb(afterLarge)} (${(((afterLarge - idle) / idle) * 100).toFixed(1)}% over idle)`,
);

// 3b. The soak.
const marks: string[] = [];
let soakStart = 0;
for (let i = 1; i <= SOAK; i++) {
  const run = await ingest(server, token, tome.id, `session-${i}.md`, note(i));
  await api(server, token, `/api/datasets/${tome.id}/documents/${run.documentId}`, { method: 'DELETE' });
  if (i === Math.min(20, SOAK)) soakStart = rssOf(server.pid);
  if (i % 20 === 0 || i === SOAK) marks.push(`${i}: ${mb(rssOf(server.pid))}`);
}
await sleep(20_000);
const afterSoak = await settledRss(server.pid);
console.log(`soak of ${SOAK} uploads (each processed, then deleted): RSS after ${marks.join(', ')}`);
console.log(
  `soak: after upload 20 ${mb(soakStart)}, idle after all ${mb(afterSoak)} (${(((afterSoak - soakStart) / soakStart) * 100).toFixed(1)}% growth; ${(((afterSoak - idle) / idle) * 100).toFixed(1)}% over the first idle)`,
);

await server.stop();
