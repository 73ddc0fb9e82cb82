/**
 * GET /login against a bare Fastify route, in the same minute.
 *   npm run build && npx tsx bench/pages/login.ts
 * The built app runs as `npm run serve` would (a child process on an empty embedded database);
 * the anchor is a bare Fastify `hello world` route in a second child process, so each has a
 * process of its own as the app does. wrk (Debian's package), 2 threads, 20 connections, 5 s
 * per run, the two alternated RUNS times (default 3); min and median of each. /login is asked
 * for as a browser does (Accept-Encoding: gzip, deflate, br; no session cookie).
 */
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { startBuiltServer } from '../support/server';

const RUNS = Number(process.env.RUNS ?? 3);
const BARE_PORT = 3366;

const bare = spawn(
  process.execPath,
  ['-e', `const f = require('fastify')(); f.get('/hello', async () => 'hello world'); f.listen({ port: ${BARE_PORT}, host: '127.0.0.1' });`],
  { stdio: 'inherit' },
);
const server = await startBuiltServer(3367);
try {
  for (let i = 0; i < 50; i++) {
    if (
      await fetch(`http://127.0.0.1:${BARE_PORT}/hello`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const probe = await fetch(`${server.base}/login`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
  const html = await probe.text();
  console.log(
    `/login: ${probe.status}, ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB of HTML, content-encoding ${probe.headers.get('content-encoding') ?? 'none'}, ${[...probe.headers.keys()].length} headers`,
  );

  const wrk = async (url: string, headers: string[]) => {
    const { stdout: out } = await promisify(execFile)('wrk', ['-t2', '-c20', '-d5s', ...headers.flatMap((h) => ['-H', h]), url], { encoding: 'utf8' });
    if (/Non-2xx/.test(out)) throw new Error(`non-2xx responses from ${url}:\n${out}`);
    return Number(/Requests\/sec:\s+([\d.]+)/.exec(out)![1]);
  };
  const loginRps: number[] = [];
  const bareRps: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    bareRps.push(await wrk(`http://127.0.0.1:${BARE_PORT}/hello`, []));
    loginRps.push(await wrk(`${server.base}/login`, ['Accept-Encoding: gzip, deflate, br']));
  }
  const stats = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return { min: sorted[0], median: sorted[Math.floor(sorted.length / 2)] };
  };
  const l = stats(loginRps);
  const h = stats(bareRps);
  console.log(`| GET /login | ${l.min.toFixed(0)} / ${l.median.toFixed(0)} |`);
  console.log(`| bare Fastify route | ${h.min.toFixed(0)} / ${h.median.toFixed(0)} |`);
  console.log(`ratio of medians /login : bare = 1/${(h.median / l.median).toFixed(1)}`);
} finally {
  await server.stop();
  bare.kill('SIGTERM');
}
