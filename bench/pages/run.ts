/**
 * Page weight and server-rendering throughput.
 *   npm run bench:pages            (SKIP_WRK=1: the weights only; FILES=1: each screen's files)
 * For every screen, with a campaign, a tome with a Markdown note, a timeline event and an answered
 * conversation in the database: the HTML bytes and the gzipped JavaScript, file by file, as the
 * server sends it to a browser that accepts gzip only (the .gz written at build; a file too small
 * to precompress goes out plain). The last column gzips the same files again with zlib at level 9,
 * the measure before ADR 0258, for comparison:
 *   - "at load": every script fetched before hydration starts (the entry, the route modules and
 *     their modulepreloads the HTML names, and the late parts the page waits for before it
 *     hydrates: app/entry.client.tsx marks the moment), all a browser needs to make the page live;
 *   - "by idle": every script Chromium (Debian's) fetched by the time the network is idle, without
 *     any input (lazy pieces that load after hydration, such as a Markdown renderer, included).
 * Then requests per second for /login and /dashboard with wrk (Debian's package), 2 threads, 20
 * connections.
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startBuiltServer } from '../support/server';

const server = await startBuiltServer(Number(process.env.PORT ?? 3391));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
try {
  const token = await server.signUp('benchpages');
  const cookie = `tk_session=${token}`;
  const api = server.apiAs(token);

  // One of everything a screen shows.
  const tome = await api('POST', '/api/datasets', { name: 'Bench tome' });
  const note = '# The Ember Crown\n\nThe **Ember Crown** lies under *Emberfall*.\n\n- Wenna Corlis keeps the key.\n- The Drowned Chapel floods at night.\n';
  const { documentId: document_id } = await server.uploadAs(token, tome.id, 'ember-crown.md', note);
  const campaign = await api('POST', '/api/campaigns', { name: 'Bench campaign' });
  await api('POST', `/api/campaigns/${campaign.id}/datasets`, { dataset_id: tome.id });
  await api('POST', `/api/campaigns/${campaign.id}/timeline/events`, { title: 'The crown is found', event_type: 'discovery', date: '2024-03-01' }).catch((error) =>
    console.error(String(error)),
  );
  const answer = await api('POST', `/api/campaigns/${campaign.id}/chat`, { query: 'Who keeps the key of the Ember Crown?' });
  const invite = await api('POST', `/api/campaigns/${campaign.id}/invites`, {});
  const inviteCode = String(invite.code ?? invite.invite?.code ?? '');

  const c = campaign.id;
  const SCREENS: Array<[string, boolean]> = [
    ['/login', false],
    ['/register', false],
    [`/join/${inviteCode}`, false],
    ['/dashboard', true],
    ['/dashboard?tab=datasets', true],
    [`/dashboard?tab=datasets&document=${document_id}&dataset=${tome.id}`, true],
    ['/assistant', true],
    [`/assistant?campaign=${c}&conversation=${answer.conversation_id}`, true],
    ['/assistant?tab=create', true],
    // Screens that open a form's modal or the content creator from the address (session 10).
    [`/assistant?campaign=${c}&tab=create`, true],
    ['/dashboard?tab=campaigns&create_campaign=1', true],
    [`/dashboard?tab=campaigns&edit_campaign=${c}`, true],
    ['/dashboard?tab=datasets&create=1', true],
    [`/dashboard?tab=datasets&metadata=${tome.id}`, true],
    ['/content', true],
    ['/timeline', true],
    ['/timeline/calendar', true],
    ['/timeline/proposals', true],
    ['/concept-map', true],
    [`/campaigns/${c}/players`, true],
    [`/campaigns/${c}/notes`, true],
    [`/play/${c}`, true],
    [`/play/${c}?document=${document_id}`, true],
  ];

  // fetch() would undo the gzip: node:http hands over the bytes as they came.
  const servedToGzipOnly = (src: string) =>
    new Promise<{ wire: Buffer; encoding: string | undefined }>((resolve, reject) => {
      http
        .get(server.base + src, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
          const parts: Buffer[] = [];
          response.on('data', (part: Buffer) => parts.push(part));
          response.on('end', () => resolve({ wire: Buffer.concat(parts), encoding: response.headers['content-encoding'] }));
          response.on('error', reject);
        })
        .on('error', reject);
    });
  const gzipped = new Map<string, number>();
  const gzippedByZlib = new Map<string, number>();
  const gzippedSize = async (src: string) => {
    if (!gzipped.has(src)) {
      const { wire, encoding } = await servedToGzipOnly(src);
      const plain = encoding === 'gzip' ? gunzipSync(wire) : wire;
      gzipped.set(src, wire.length);
      gzippedByZlib.set(src, gzipSync(plain, { level: 9 }).length);
    }
    return gzipped.get(src)!;
  };
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const short = (screen: string) =>
    screen
      .replaceAll(c, ':campaign')
      .replaceAll(document_id, ':document')
      .replaceAll(tome.id, ':tome')
      .replace(inviteCode, ':code')
      .replace(String(answer.conversation_id), ':conversation');

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const rows: string[] = [];
  for (const [screen, signedIn] of SCREENS) {
    const response = await fetch(server.base + screen, { headers: signedIn ? { cookie } : {}, redirect: 'manual' });
    const html = await response.text();
    const atLoad = new Set<string>();
    for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) atLoad.add(match[1]);
    for (const match of html.matchAll(/import\("([^"]+\.js)"\)/g)) atLoad.add(match[1]);
    for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) atLoad.add(match[1]);

    await context.clearCookies();
    if (signedIn) await context.addCookies([{ name: 'tk_session', value: token, domain: '127.0.0.1', path: '/' }]);
    const page = await context.newPage();
    const fetched = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('.js') || url.pathname.endsWith('.mjs')) fetched.add(url.pathname);
    });
    await page.goto(server.base + screen, { waitUntil: 'networkidle' });
    // Parts loaded after hydration may start after the network first fell quiet: wait for a quiet second.
    for (let seen = -1; seen !== fetched.size; ) {
      seen = fetched.size;
      await page.waitForTimeout(1000);
      await page.waitForLoadState('networkidle');
    }
    // Scripts fetched before hydration started (entry.client.tsx's mark): the HTML's, and the late parts it waits for.
    const beforeHydration: string[] = await page.evaluate(() => {
      // A build without the mark (before ADR 0185) counts what its HTML names, as this bench did then.
      const mark = performance.getEntriesByName('tomekeeper:hydrate')[0]?.startTime ?? Number.NEGATIVE_INFINITY;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime <= mark)
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.endsWith('.js') || path.endsWith('.mjs'));
    });
    for (const src of beforeHydration) atLoad.add(src);
    let loadBytes = 0;
    for (const src of atLoad) loadBytes += await gzippedSize(src);
    await page.close();
    let idleBytes = 0;
    let idleBytesByZlib = 0;
    for (const src of fetched) {
      idleBytes += await gzippedSize(src);
      idleBytesByZlib += gzippedByZlib.get(src)!;
    }
    rows.push(
      `| ${short(screen)} | ${response.status} | ${kb(Buffer.byteLength(html))} | ${atLoad.size} | ${kb(loadBytes)} | ${fetched.size} | ${kb(idleBytes)} | ${kb(idleBytesByZlib)} |`,
    );
    if (process.env.FILES) {
      const late = [...fetched].filter((src) => !atLoad.has(src));
      console.error(`${short(screen)}\n  at load: ${[...atLoad].map((src) => `${src.split('/').at(-1)} ${kb(gzipped.get(src)!)}`).join(', ')}`);
      console.error(`  later: ${late.map((src) => `${src.split('/').at(-1)} ${kb(gzipped.get(src)!)}`).join(', ')}`);
    }
  }
  await context.close();
  console.log(
    '| screen | status | HTML | JS files at load | gzipped JS at load | JS files by idle | gzipped JS by idle | by idle, zlib level 9 |\n|---|---|---|---|---|---|---|---|',
  );
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
  await browser.close();
  await server.stop();
}
