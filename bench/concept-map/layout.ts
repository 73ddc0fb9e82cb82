/**
 * How long the concept map's force layout takes to settle in Chromium, for 100, 500 and 2,000 concepts.
 *   REMIX_BUILD_DIR=build npx remix vite:build && node_modules/.bin/tsx bench/concept-map/layout.ts
 * The built app runs with Claude pointed at the fake Messages API (tests/support/fake-anthropic.ts),
 * which answers the extraction of one uploaded note with N invented concepts and about 1.5 N
 * relationships, so each map goes through the real generate path. Then Debian's Chromium opens
 * /concept-map and the page reports (data-settle-ms, data-ticks, data-compute-ms on the SVG) the
 * time from the simulation's start until its cooling value fell below 0.01, and how much of it was
 * spent ticking and drawing (the rest is waiting for frames). Each size is loaded RUNS times;
 * SCREENSHOTS=<folder> keeps a picture of each settled map.
 *
 * The machine is shared, so each load is paired with an anchor measured in the same page just
 * before it: a fixed piece of JavaScript (sorting 200,000 numbers, best of 5). Settle times are
 * also given as a multiple of that anchor. The longest main-thread task while the map settles
 * (PerformanceObserver 'longtask') says whether input could be answered meanwhile.
 */
import { chromium } from '@playwright/test';
import { startFakeAnthropic } from '../../tests/support/fake-anthropic';
import { startBuiltServer } from '../support/server';

const SIZES = (process.env.SIZES ?? '100,500,2000').split(',').map(Number);
const RUNS = Number(process.env.RUNS ?? 3);
const PORT = Number(process.env.PORT ?? 3361);
const TYPES = ['location', 'character', 'item', 'event', 'mission', 'organization', 'concept', 'lore'];
const SYLLABLES = [
  'ar',
  'bel',
  'cor',
  'dun',
  'el',
  'fen',
  'gar',
  'hol',
  'is',
  'jor',
  'kel',
  'lum',
  'mor',
  'nor',
  'or',
  'pel',
  'quin',
  'ros',
  'sar',
  'tor',
  'ul',
  'vek',
  'wyn',
  'yr',
  'zan',
];

/** A pronounceable, unique two-word name for concept i. */
function nameOf(i: number): string {
  const word = (n: number) => {
    const a = SYLLABLES[n % 25];
    const b = SYLLABLES[Math.floor(n / 25) % 25];
    const c = SYLLABLES[Math.floor(n / 625) % 25];
    const text = `${a}${b}${c}`;
    return text[0].toUpperCase() + text.slice(1);
  };
  return `${word(i * 7 + 3)} ${word(i)}`;
}

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function toolInput(size: number) {
  const next = random(size);
  const concepts = Array.from({ length: size }, (_, i) => ({
    name: nameOf(i),
    type: TYPES[i % TYPES.length],
    description: `${nameOf(i)} is concept number ${i + 1} of the benchmark campaign.`,
  }));
  const relationships = [];
  for (let i = 1; i < size; i++) {
    // A tree (each concept tied to an earlier one) plus half as many cross links.
    relationships.push({ source: nameOf(i), target: nameOf(Math.floor(next() * i)), relationship: 'serves', strength: 1 + Math.floor(next() * 10) });
    if (i % 2 === 0)
      relationships.push({ source: nameOf(i), target: nameOf(Math.floor(next() * size)), relationship: 'knows', strength: 1 + Math.floor(next() * 10) });
  }
  return { concepts, relationships };
}

/** The anchor: a fixed piece of work in the page, best of 5, in ms. */
function anchorWork(): number {
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    let seed = 7;
    const values = Array.from({ length: 200_000 }, () => (seed = (seed * 16807) % 2147483647) / 2147483647);
    const started = performance.now();
    values.sort((a, b) => a - b);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

const fake = await startFakeAnthropic();
const server = await startBuiltServer(PORT, { ANTHROPIC_API_KEY: 'bench', ANTHROPIC_BASE_URL: fake.url, ANTHROPIC_MODEL: 'claude-haiku-4-5' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const token = await server.signUp('benchmap');
  const api = server.apiAs(token);

  const rows: string[] = [];
  for (const size of SIZES) {
    const tome = await api('POST', '/api/datasets', { name: `Bench ${size}` });
    const { documentId: document_id } = await server.uploadAs(
      token,
      tome.id,
      `bench-${size}.md`,
      `# Benchmark campaign ${size}\n\nA note listing ${size} people, places and things.\n`,
    );
    const campaign = await api('POST', '/api/campaigns', { name: `Bench ${size}` });
    await api('POST', `/api/campaigns/${campaign.id}/datasets`, { dataset_id: tome.id });
    await api('PUT', `/api/campaigns/${campaign.id}/concept-map/settings`, { min_strength: 1 });
    fake.setDefault({ kind: 'tool', input: toolInput(size) });
    const map = await api('POST', `/api/campaigns/${campaign.id}/concept-map/generate?wait=true`, {
      selected_documents: [{ id: document_id, dataset_id: tome.id }],
    });

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: 'tk_session', value: token, domain: '127.0.0.1', path: '/' }]);
    await context.addInitScript(() => {
      const store: number[] = [];
      (window as unknown as { __longTasks: number[] }).__longTasks = store;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) store.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    const settle: number[] = [];
    const anchor: number[] = [];
    const longest: number[] = [];
    const compute: number[] = [];
    const wall: number[] = [];
    let ticks = 0;
    for (let run = 0; run < RUNS; run++) {
      await page.goto(`${server.base}/api/health`);
      anchor.push(await page.evaluate(anchorWork));
      const started = Date.now();
      await page.goto(`${server.base}/concept-map?campaign=${campaign.id}`);
      const graph = page.getByTestId('concept-graph');
      await graph.and(page.locator('[data-state="settled"]')).waitFor({ timeout: 300_000 });
      wall.push(Date.now() - started);
      longest.push(await page.evaluate(() => Math.max(0, ...(window as unknown as { __longTasks: number[] }).__longTasks)));
      settle.push(Number(await graph.getAttribute('data-settle-ms')));
      compute.push(Number(await graph.getAttribute('data-compute-ms')));
      ticks = Number(await graph.getAttribute('data-ticks'));
    }
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/concept-map-${size}.png` });
    const nodes = await page.locator('[data-node-id]').count();
    const links = await page.locator('.cm-link').count();
    await context.close();
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const ratios = settle.map((value, i) => value / anchor[i]);
    const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
    rows.push(
      `| ${map.concepts.length} | ${map.relationships.length} | ${nodes} / ${links} | ${ticks} | ${seconds(Math.min(...settle))} / ${seconds(median(settle))} | ${Math.min(...ratios).toFixed(1)} / ${median(ratios).toFixed(1)} (anchor ${median(anchor).toFixed(0)} ms) | ${seconds(median(compute))} | ${median(longest).toFixed(0)} ms | ${seconds(median(wall))} |`,
    );
    console.error(rows.at(-1));
  }
  console.log(
    `| concepts | relationships | nodes / links drawn | ticks | settle, min / median of ${RUNS} | settle ÷ anchor, min / median | worker stepping (median) | longest main-thread task (median) | page load to settled (median) |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  console.log(rows.join('\n'));
} finally {
  await browser.close();
  await server.stop();
  await fake.close();
}
