/**
 * What the memory benches share: the server started as scripts/serve.sh starts it, with the
 * probe preloaded; RSS read from /proc; the probe's breakdown; the bare PGlite anchor; an upload
 * followed until its job ends, with the peak and where the memory was at the peak.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { childrenRss, ownPeakRss, ownRss, rssOf } from '../../tests/support/process-rss';
import { startBuiltServer } from '../support/server';
import type { MemoryReport } from './probe';

export { ownPeakRss, rssOf };

export const MB = 1024 * 1024;
const PROBE = path.join(import.meta.dirname, 'probe.ts');
const SERVE_SCRIPT = path.resolve(import.meta.dirname, '../../scripts/serve.sh');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;
export const pct = (value: number, base: number) => `${(((value - base) / base) * 100).toFixed(1)}%`;
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/**
 * The node flags and environment scripts/serve.sh starts the server with (for the bare PGlite given
 * the same), its EMBEDDED_DATABASE_COMPILER case resolved for this process's environment.
 */
export function serveSettings(): { nodeArgs: string[]; env: Record<string, string> } {
  const script = fs.readFileSync(SERVE_SCRIPT, 'utf8');
  const exec = /^exec node (.*?) dist\/main\.js$/m.exec(script);
  if (!exec) throw new Error('scripts/serve.sh has no `exec node ... dist/main.js` line');
  const env: Record<string, string> = {};
  for (const [, name, value] of script.matchAll(/^export (\w+)="\$\{\w+:-([^}]*)\}"$/gm)) env[name] = value;
  const compiler = process.env.EMBEDDED_DATABASE_COMPILER || 'baseline';
  if (compiler !== 'baseline' && compiler !== 'optimizing') throw new Error('EMBEDDED_DATABASE_COMPILER: must be baseline or optimizing');
  const choice = new RegExp(`^\\s*${compiler}\\) wasm_compiler="([^"]*)" ;;$`, 'm').exec(script);
  if (!choice) throw new Error(`scripts/serve.sh has no EMBEDDED_DATABASE_COMPILER=${compiler} case`);
  const nodeArgs = exec[1].replace('$wasm_compiler', choice[1]).split(/\s+/).filter(Boolean);
  return { nodeArgs, env };
}

/** RSS once it has settled: the median of samples over a few seconds. */
export async function settledRss(pid: number, { seconds = 5, read = rssOf } = {}): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < seconds * 4; i++) {
    samples.push(read(pid));
    await sleep(250);
  }
  return median(samples);
}

const probeFile = path.join(os.tmpdir(), `tomekeeper-memory-probe-${process.pid}.json`);
/**
 * Asks the probe in process `pid` where its memory is (after a full collection with `gc`; after
 * writing a heap snapshot to `snapshot`, which takes a while).
 */
export async function probe(pid: number, { gc = false, snapshot = '' } = {}): Promise<MemoryReport | null> {
  fs.rmSync(probeFile, { force: true });
  if (gc) fs.writeFileSync(`${probeFile}.gc`, '');
  if (snapshot) fs.writeFileSync(`${probeFile}.snapshot`, snapshot);
  process.kill(pid, 'SIGUSR2');
  const waits = snapshot ? 6_000 : 250;
  for (let i = 0; i < waits && !fs.existsSync(probeFile); i++) await sleep(20);
  if (!fs.existsSync(probeFile)) return null;
  return JSON.parse(fs.readFileSync(probeFile, 'utf8')) as MemoryReport;
}

export function summarize(r: MemoryReport | null): string {
  if (!r) return '(no probe report)';
  return `[V8 heap ${mb(r.heapTotal)} (live ${mb(r.heapUsed)}), WebAssembly ${mb(r.wasmResident)} resident of ${r.wasmSizes.map(mb).join(' + ')}, other anonymous ${mb(r.anonResident - r.heapTotal)} (malloc heap ${mb(r.mallocHeapResident)}), files ${mb(r.fileResident)}, ${r.threads} threads]`;
}

/** Where the server's memory is (the probe), and its reading process's RSS if one runs. */
export const breakdown = async (pid: number) => `${summarize(await probe(pid))}, reading processes ${mb(childrenRss(pid))}`;

/** A bare PGlite on the folder, idle after one query: with PGlite's and node's defaults, or the server's settings. */
export async function bareRss(dataDir: string, withServerSettings: boolean): Promise<number> {
  const settings = serveSettings();
  const child = fork(path.join(import.meta.dirname, 'bare-pglite.ts'), [path.join(dataDir, 'pg'), ...(withServerSettings ? ['--server-settings'] : [])], {
    execArgv: [...(withServerSettings ? settings.nodeArgs : []), '--import', 'tsx', '--import', PROBE],
    env: { ...process.env, ...(withServerSettings ? settings.env : {}), MEMORY_PROBE_FILE: probeFile },
    stdio: 'inherit',
  });
  await new Promise((resolve) => child.once('message', resolve));
  await sleep(8000);
  // The process alone, as in the earlier sessions' figures (under tsx it may have esbuild's service beside it).
  const rss = await settledRss(child.pid!, { read: ownRss });
  console.log(`  bare PGlite${withServerSettings ? ' (server settings)' : ''}: ${mb(rss)} ${await breakdown(child.pid!)}`);
  child.kill();
  await new Promise((resolve) => child.once('exit', resolve));
  return rss;
}

export type Server = Awaited<ReturnType<typeof startBuiltServer>>;

/** The built server as scripts/serve.sh starts it (`env` overrides, e.g. to compare a setting), the probe preloaded. */
export const startServer = (port: number, dataDir?: string, env: Record<string, string> = {}) =>
  startBuiltServer(port, { NODE_OPTIONS: `--import ${PROBE}`, MEMORY_PROBE_FILE: probeFile, ...env }, { serveScript: true, ...(dataDir ? { dataDir } : {}) });

export async function api(server: Server, token: string, url: string, init: RequestInit = {}) {
  const response = await fetch(`${server.base}${url}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

export async function createTome(server: Server, token: string, name: string): Promise<string> {
  const response = await api(server, token, '/api/datasets', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, description: '' }),
  });
  return ((await response.json()) as { id: string }).id;
}

/**
 * Uploads one file and waits for its job, sampling RSS (the server's and its reading process's)
 * every 50 ms and the probe every second; returns the document id, the peak RSS, the reading
 * process's part of it and the probe's report nearest the peak (the server process alone).
 */
export async function ingest(server: Server, token: string, tomeId: string, filename: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), filename);
  let peak = rssOf(server.pid);
  let childrenAtPeak = childrenRss(server.pid);
  let atPeak: MemoryReport | null = null;
  const sampler = setInterval(() => {
    const children = childrenRss(server.pid);
    const rss = ownRss(server.pid) + children;
    if (rss > peak) [peak, childrenAtPeak] = [rss, children];
  }, 50);
  let probing = true;
  const prober = (async () => {
    while (probing) {
      const report = await probe(server.pid);
      if (report && (!atPeak || report.rss > atPeak.rss)) atPeak = report;
      await sleep(1000);
    }
  })();
  const started = Date.now();
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
    return { documentId: upload.document_id, peak, childrenAtPeak, atPeak: atPeak as MemoryReport | null, seconds: (Date.now() - started) / 1000 };
  } finally {
    clearInterval(sampler);
    probing = false;
    await prober;
  }
}

/** A CSV of about `size` bytes: a monster table, different on every call. */
export function csv(size: number, seed: number): Uint8Array {
  const rows = ['name,type,challenge,hit_points,armor_class,notes'];
  let length = rows[0].length;
  for (let i = 0; length < size; i++) {
    const row = `Creature ${seed}-${i},${['beast', 'undead', 'fiend', 'dragon'][i % 4]},${(i % 30) + 1},${(i * 7) % 300},${10 + (i % 10)},Lairs near the ${['marsh', 'crypt', 'spire', 'ford'][i % 4]} of ${seed}`;
    rows.push(row);
    length += row.length + 1;
  }
  return new TextEncoder().encode(rows.join('\n'));
}

export function cleanUp(): void {
  fs.rmSync(probeFile, { force: true });
}
