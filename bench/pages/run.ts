/**
 * Page weight and server-rendering throughput.
 *   npm run bench:pages
 * For each screen: the HTML bytes, and the gzipped JavaScript the page loads before any live
 * piece loads (the entry, the route modules and their preloaded chunks). Then requests per
 * second for /login and /dashboard with wrk (Debian's package), 2 threads, 20 connections.
 */
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { startBuiltServer } from '../support/server';

const SCREENS = ['/login', '/register', '/dashboard', '/dashboard?tab=datasets', '/assistant', '/timeline', '/concept-map'];

const server = await startBuiltServer(Number(process.env.PORT ?? 3391));
try {
  const token = await server.signUp('benchpages');
  const cookie = `tk_session=${token}`;
  const rows: string[] = [];
  for (const screen of SCREENS) {
    const anonymous = screen === '/login' || screen === '/register';
    const response = await fetch(server.base + screen, { headers: anonymous ? {} : { cookie }, redirect: 'manual' });
    const html = await response.text();
    const scripts = new Set<string>();
    for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) scripts.add(match[1]);
    for (const match of html.matchAll(/import\("([^"]+\.js)"\)/g)) scripts.add(match[1]);
    for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) scripts.add(match[1]);
    let js = 0;
    for (const src of scripts) {
      const body = Buffer.from(await (await fetch(server.base + src)).arrayBuffer());
      js += gzipSync(body, { level: 9 }).length;
    }
    rows.push(`| ${screen} | ${response.status} | ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB | ${scripts.size} | ${(js / 1024).toFixed(1)} KB |`);
  }
  console.log('| screen | status | HTML | JS files | gzipped JS |\n|---|---|---|---|---|');
  console.log(rows.join('\n'));

  // SKIP_WRK=1: the page weights only.
  for (const [path, headers] of process.env.SKIP_WRK
    ? []
    : ([
        ['/login', []],
        ['/dashboard', ['-H', `Cookie: ${cookie}`]],
      ] as const)) {
    const out = execFileSync('wrk', ['-t2', '-c20', '-d10s', ...headers, server.base + path], { encoding: 'utf8' });
    const rps = /Requests\/sec:\s+([\d.]+)/.exec(out)?.[1];
    const latency = /Latency\s+([\d.]+\w+)/.exec(out)?.[1];
    const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? '0';
    console.log(`${path}: ${rps} requests/s, mean latency ${latency}, non-2xx ${non2xx}`);
  }
} finally {
  await server.stop();
}
