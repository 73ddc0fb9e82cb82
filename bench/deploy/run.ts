/**
 * What an operator meets (issue 36, "Ready to deploy"), on the compiled server as `npm run serve`
 * and the image start it (scripts/serve.sh), the embedded database:
 *   1. the first start of a fresh data folder: the server's peak RSS (VmHWM) until it is healthy
 *      and has settled, and the sampled peak of it with the process that loads the database;
 *   2. a second `npm start` on an up-to-date build: from the command to a healthy /api/health
 *      (the build stamp says nothing changed, so nothing is built);
 *   3. SIGTERM while a large upload is processed: from the signal to the process's exit; then the
 *      restart, and how long until the interrupted job has completed;
 *   4. SIGTERM while a fresh data folder is being created (as soon as its database folder exists):
 *      from the signal to the exit (a platform kills 5 s after it; tests/api/stop-during-start.test.ts
 *      checks that the process ends on its own and the next start serves).
 *   npm run build && RUNS=3 PORT=3363 npx tsx bench/deploy/run.ts
 * STEPS=first,start,sigterm,starting (the default) picks the steps.
 * SHARED_DIR (default ../shared) gives the SRD, uploaded whole as one Markdown file for step 3.
 * The anchor: `node -e 0` started the same number of times, to compare machines.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ownPeakRss, rssOf } from '../../tests/support/process-rss';
import { sharedDir } from '../../tests/support/shared-dir';
import { startBuiltServer } from '../support/server';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.RUNS ?? 3);
const STEPS = (process.env.STEPS ?? 'first,start,sigterm,starting').split(',');
const PORT = Number(process.env.PORT ?? 3363);
const BASE = `http://127.0.0.1:${PORT}`;
const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const summary = (values: number[], unit: string, digits = 1) =>
  `min ${Math.min(...values).toFixed(digits)} ${unit}, median ${median(values).toFixed(digits)} ${unit} (${values.map((v) => v.toFixed(digits)).join(', ')})`;

const env = (dataDir: string) => ({
  ...process.env,
  PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
  NODE_ENV: 'production' as const,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  ANTHROPIC_API_KEY: '',
  VOYAGE_API_KEY: '',
});

async function healthy(child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited before it was healthy');
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(50);
  }
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** The server's own peak (VmHWM) and the peak of it and the processes it started, sampled every 50 ms. */
async function firstStart(): Promise<{ own: number; tree: number }> {
  let tree = 0;
  let sampler: NodeJS.Timeout | undefined;
  const server = await startBuiltServer(
    PORT,
    {},
    {
      serveScript: true,
      // The fresh folder's database is loaded by a short-lived child process (ADRs 0332, 0350): a
      // sample of the whole tree counts it, as the machine does.
      onSpawn: (pid) => {
        sampler = setInterval(() => {
          tree = Math.max(tree, rssOf(pid));
        }, 50);
      },
    },
  );
  // Settled: the work the first start queues (re-embedding, vector indexing checks) has run.
  await sleep(10_000);
  clearInterval(sampler);
  const own = ownPeakRss(server.pid);
  await server.stop();
  return { own, tree };
}

async function secondNpmStart(dataDir: string): Promise<number> {
  const started = performance.now();
  // npm start: its build check, then npm run serve. The process group is stopped as a whole.
  const child = spawn('npm', ['start', '--silent'], { cwd: ROOT, env: env(dataDir), stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  await healthy(child);
  const seconds = (performance.now() - started) / 1000;
  process.kill(-child.pid!, 'SIGTERM');
  await exited(child);
  return seconds;
}

async function jobStatus(token: string, jobId: string): Promise<string> {
  const response = await fetch(`${BASE}/api/jobs/${jobId}/status`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { status: string }).status;
}

async function sigtermMidIngest(srd: string): Promise<{ exitSeconds: number; resumedSeconds: number }> {
  let server = await startBuiltServer(PORT, {}, { serveScript: true });
  const token = await server.signUp('benchgm');
  const tome = (await server.apiAs(token)('POST', '/api/datasets', { name: 'SRD', description: '' })) as { id: string };
  const form = new FormData();
  form.append('file', new Blob([srd]), 'srd.md');
  const upload = await fetch(`${BASE}/api/datasets/${tome.id}/documents`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const jobId = ((await upload.json()) as { job_id: string }).job_id;
  // Mid-ingest: the job has started and is a second into its work.
  while ((await jobStatus(token, jobId)) === 'queued') await sleep(50);
  await sleep(1000);
  if ((await jobStatus(token, jobId)) === 'completed') throw new Error('the job completed before the signal: upload a larger file');
  const signalled = performance.now();
  // stop(): SIGTERM, and back once the process has exited.
  await server.stop({ keepData: true });
  const exitSeconds = (performance.now() - signalled) / 1000;

  const restarted = performance.now();
  server = await startBuiltServer(PORT, {}, { serveScript: true, dataDir: server.dataDir });
  for (let now = await jobStatus(token, jobId); now !== 'completed'; now = await jobStatus(token, jobId)) {
    if (now === 'failed') throw new Error('the interrupted job failed after the restart');
    await sleep(200);
  }
  const resumedSeconds = (performance.now() - restarted) / 1000;
  await server.stop();
  return { exitSeconds, resumedSeconds };
}

if (!fs.existsSync(path.join(ROOT, 'dist/main.js'))) throw new Error('Build first: npm run build');
execFileSync('node', ['scripts/build-stamp.mjs', 'check'], { cwd: ROOT, stdio: 'inherit' });

const anchor: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  execFileSync(process.execPath, ['-e', '0']);
  anchor.push((performance.now() - started) * 1);
}
console.log(`anchor, node -e 0: ${summary(anchor, 'ms', 0)}`);

if (STEPS.includes('first')) {
  const peaks: number[] = [];
  const trees: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { own, tree } = await firstStart();
    peaks.push(own / MB);
    trees.push(tree / MB);
  }
  console.log(`first start of a fresh data folder, the server's peak RSS (VmHWM): ${summary(peaks, 'MB', 0)}`);
  console.log(`the same, the server and the processes it started, sampled every 50 ms: ${summary(trees, 'MB', 0)}`);
}

if (STEPS.includes('start')) {
  const first = await startBuiltServer(PORT, {}, { serveScript: true });
  await first.stop({ keepData: true });
  const kept = first.dataDir;
  const starts: number[] = [];
  for (let i = 0; i < RUNS; i++) starts.push(await secondNpmStart(kept));
  fs.rmSync(kept, { recursive: true, force: true });
  console.log(`npm start on an up-to-date build, to a healthy /api/health: ${summary(starts, 's')}`);
}

if (STEPS.includes('sigterm')) {
  const srdDir = path.join(sharedDir(), 'corpus/srd5');
  const srd = fs
    .readdirSync(srdDir)
    .sort()
    .map((file) => fs.readFileSync(path.join(srdDir, file), 'utf8'))
    .join('\n\n');
  const exits: number[] = [];
  const resumed: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await sigtermMidIngest(srd);
    exits.push(run.exitSeconds);
    resumed.push(run.resumedSeconds);
  }
  console.log(`SIGTERM during an ingest (the SRD, ${(srd.length / MB).toFixed(1)} MB), to the exit: ${summary(exits, 's', 2)}`);
  console.log(`  after the restart, until the interrupted job completed: ${summary(resumed, 's')}`);
}

/** SIGTERM as soon as a fresh data folder's database folder appears: seconds from the signal to the exit. */
async function sigtermWhileStarting(): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-bench-starting-'));
  try {
    const child = spawn('sh', ['scripts/serve.sh'], { cwd: ROOT, env: env(dataDir), stdio: 'ignore' });
    const gone = exited(child);
    while (!fs.existsSync(path.join(dataDir, 'pg'))) await sleep(5);
    const signalled = performance.now();
    child.kill('SIGTERM');
    await gone;
    return (performance.now() - signalled) / 1000;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (STEPS.includes('starting')) {
  const exits: number[] = [];
  for (let i = 0; i < RUNS; i++) exits.push(await sigtermWhileStarting());
  console.log(`SIGTERM while a fresh data folder is created, to the exit: ${summary(exits, 's', 2)}`);
}
