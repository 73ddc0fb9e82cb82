/**
 * Requests per second for the largest script /login loads, compressed (Accept-Encoding: br,
 * with a session cookie, as a signed-in browser asks for it), against a bare Fastify route in
 * the same process and minute.
 *   npm run build && npx tsx bench/pages/assets.ts
 * wrk (Debian's package), 2 threads, 20 connections, 5 s per run, the two targets alternated
 * RUNS times; min and median of each.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { startBuiltServer } from '../support/server';

const RUNS = Number(process.env.RUNS ?? 3);

const bare = Fastify();
bare.get('/hello', async () => 'hello world');
await bare.listen({ port: 3394, host: '127.0.0.1' });
const server = await startBuiltServer(3393);
try {
  const token = await server.signUp('benchassets');
  const html = await (await fetch(`${server.base}/login`)).text();
  const scripts = [...html.matchAll(/<link rel="modulepreload" href="([^"]+\.js)"/g)].map((m) => m[1]);
  let bundle = '';
  let size = 0;
  for (const src of scripts) {
    const length = (await (await fetch(server.base + src, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()).byteLength;
    if (length > size) [bundle, size] = [src, length];
  }
  const probe = await fetch(server.base + bundle, { headers: { 'accept-encoding': 'br' } });
  // fetch decodes the body, so the bytes on the wire are the header's.
  const wire = Number(probe.headers.get('content-length') ?? 0);
  await probe.arrayBuffer();
  console.log(
    `bundle ${bundle}: ${(size / 1024).toFixed(1)} KB, content-encoding ${probe.headers.get('content-encoding')}, cache-control "${probe.headers.get('cache-control')}"`,
  );

  // Asynchronous, so the bare route in this process keeps answering while wrk runs.
  const wrk = async (url: string, headers: string[]) => {
    const { stdout: out } = await promisify(execFile)('wrk', ['-t2', '-c20', '-d5s', ...headers.flatMap((h) => ['-H', h]), url], { encoding: 'utf8' });
    if (/Non-2xx/.test(out)) throw new Error(`non-2xx responses from ${url}:\n${out}`);
    return Number(/Requests\/sec:\s+([\d.]+)/.exec(out)![1]);
  };
  const bundleRps: number[] = [];
  const bareRps: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    bareRps.push(await wrk('http://127.0.0.1:3394/hello', []));
    bundleRps.push(await wrk(server.base + bundle, ['Accept-Encoding: br, gzip', `Cookie: tk_session=${token}`]));
  }
  const stats = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return { min: sorted[0], median: sorted[Math.floor(sorted.length / 2)] };
  };
  const b = stats(bundleRps);
  const h = stats(bareRps);
  console.log(
    `bundle (${wire ? `${(wire / 1024).toFixed(1)} KB` : 'chunked, size unknown'} on the wire): min ${b.min.toFixed(0)}, median ${b.median.toFixed(0)} requests/s`,
  );
  console.log(`bare Fastify route: min ${h.min.toFixed(0)}, median ${h.median.toFixed(0)} requests/s`);
  console.log(`ratio of medians bundle/bare: 1/${(h.median / b.median).toFixed(1)}`);
} finally {
  await server.stop();
  await bare.close();
}
