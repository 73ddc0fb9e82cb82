/**
 * Timeline track smoothness with 2,000 events, in Chromium.
 *
 *   REMIX_BUILD_DIR=build-timeline npx remix vite:build
 *   REMIX_BUILD_DIR=build-timeline npx tsx bench/timeline/run.ts [--write-docs]
 *
 * Seeds one campaign with 2,000 events spread over three years (through the domain layer,
 * before the server opens the database), starts the built app, signs in, and for each zoom
 * level drags the track with 180 real mouse moves while the page records requestAnimationFrame
 * deltas. Prints mean, p95 and max frame time, the frames over 20 ms and the most markers the
 * DOM held; --write-docs puts the table into docs/benchmarks.md under its "Timeline" heading
 * (only that section is replaced).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { EVENT_TYPES, type ZoomLevel } from '../../contract/timeline';
import { formatIsoDate, fromDayNumber, dayNumber } from '../../contract/timeline-dates';
import { openDatabase, databaseTargetFromEnv } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { createRegistrationCode, registerAccount } from '../../server/domain/accounts';
import { createCampaign } from '../../server/domain/campaigns/campaigns';
import { createEvent } from '../../server/domain/timeline/timeline';
import { parseEnv } from '../../server/env';

const EVENTS = 2000;
const PORT = Number(process.env.BENCH_PORT ?? 3321);
const BUILD_DIR = process.env.REMIX_BUILD_DIR ?? 'build';
const USERNAME = 'bench_timeline';
const PASSWORD = 'Dragons4ever';
const DRAG_MOVES = 180;
const DRAG_PX_PER_STEP = 9;

/** A small deterministic generator, so every run seeds the same timeline. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

async function seed(dataDir: string) {
  const env = parseEnv({ NODE_ENV: 'production', DATA_DIR: dataDir });
  const database = await openDatabase(databaseTargetFromEnv(env));
  await migrate(database);
  const code = await createRegistrationCode(database.db);
  const { user } = await registerAccount(
    database.db,
    { username: USERNAME, email: `${USERNAME}@example.com`, password: PASSWORD, registration_code: code },
    { ip: '127.0.0.1', ttlDays: 30 },
  );
  const campaign = await createCampaign(database.db, user.id, { name: 'Two Thousand Tales' });
  const next = random(7);
  const first = dayNumber({ year: 1490, month: 1, day: 1 });
  const started = performance.now();
  for (let index = 0; index < EVENTS; index++) {
    await createEvent(database.db, user.id, campaign.id, {
      title: `Tale ${index + 1}: ${['The raid', 'A secret', 'The council', 'Omens', 'The duel'][index % 5]}`,
      date: formatIsoDate(fromDayNumber(first + Math.floor(next() * 3 * 365))),
      event_type: EVENT_TYPES[Math.floor(next() * EVENT_TYPES.length)],
      location: index % 3 === 0 ? 'Saltmarsh' : '',
      participants: index % 4 === 0 ? ['Aria', 'Borin'] : [],
    });
  }
  console.log(`seeded ${EVENTS} events in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await database.close();
}

async function startServer(dataDir: string) {
  const child = spawn('node_modules/.bin/tsx', ['server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      REMIX_BUILD_DIR: BUILD_DIR,
      ANTHROPIC_API_KEY: '',
      VOYAGE_API_KEY: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${PORT}`;
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child };
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start');
}

interface Figures {
  what: string;
  frames: number;
  mean: number;
  p95: number;
  max: number;
  over20: number;
  markersInDom: number;
}

// Passed to the page as text: tsx would wrap named functions in a helper the page lacks.
const START_RECORDER = `(() => {
  const state = { stamps: [], markers: 0, running: true };
  window.__frames = state;
  const tick = (time) => {
    state.stamps.push(time);
    if (state.stamps.length % 10 === 0) {
      state.markers = Math.max(state.markers, document.querySelectorAll('[data-testid=timeline-marker]').length);
    }
    if (state.running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;
const STOP_RECORDER = '(() => { window.__frames.running = false; return window.__frames; })()';

function figures(what: string, recorded: { stamps: number[]; markers: number }): Figures {
  const deltas = recorded.stamps
    .slice(1)
    .map((stamp, index) => stamp - recorded.stamps[index])
    .slice(1);
  const sorted = [...deltas].sort((a, b) => a - b);
  return {
    what,
    frames: deltas.length,
    mean: deltas.reduce((sum, delta) => sum + delta, 0) / deltas.length,
    p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))],
    max: sorted[sorted.length - 1],
    over20: deltas.filter((delta) => delta > 20).length,
    markersInDom: recorded.markers,
  };
}

async function showZoom(page: Page, zoom: ZoomLevel) {
  await page.getByLabel('Zoom', { exact: true }).selectOption(zoom);
  await page.getByRole('button', { name: 'Earliest' }).click();
  await page.waitForTimeout(300);
}

/** The same page left alone for three seconds: what this machine manages without any work. */
async function measureIdle(page: Page): Promise<Figures> {
  await showZoom(page, 'month');
  await page.evaluate(START_RECORDER);
  await page.waitForTimeout(3000);
  return figures('idle, month zoom (baseline)', (await page.evaluate(STOP_RECORDER)) as { stamps: number[]; markers: number });
}

/** Drags the track right to left with real mouse input, recording rAF deltas meanwhile. */
async function measureDrag(page: Page, zoom: ZoomLevel): Promise<Figures> {
  await showZoom(page, zoom);
  const viewport = page.getByTestId('timeline-viewport');
  const box = (await viewport.boundingBox())!;
  const y = box.y + box.height - 6;
  let x = box.x + box.width - 20;

  await page.mouse.move(x, y);
  await page.evaluate(START_RECORDER);
  await page.mouse.down();
  for (let step = 0; step < DRAG_MOVES; step++) {
    x -= DRAG_PX_PER_STEP;
    if (x < box.x + 20) {
      // Pick the track up again at the right, as a hand would.
      await page.mouse.up();
      x = box.x + box.width - 20;
      await page.mouse.move(x, y);
      await page.mouse.down();
    }
    await page.mouse.move(x, y);
  }
  await page.mouse.up();
  return figures(`drag, ${zoom} zoom`, (await page.evaluate(STOP_RECORDER)) as { stamps: number[]; markers: number });
}

function table(rows: Figures[]): string {
  const header = '| run | frames | mean | p95 | max | frames > 20 ms | markers in the DOM (of 2,000) |\n|---|---|---|---|---|---|---|';
  const lines = rows.map(
    (row) =>
      `| ${row.what} | ${row.frames} | ${row.mean.toFixed(1)} ms | ${row.p95.toFixed(1)} ms | ${row.max.toFixed(1)} ms | ${row.over20} | ${row.markersInDom} |`,
  );
  return [header, ...lines].join('\n');
}

function writeDocs(markdown: string) {
  const file = path.resolve('docs/benchmarks.md');
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const section = `## Timeline\n\n${markdown.trim()}\n`;
  const start = current.search(/^## Timeline\s*$/m);
  if (start === -1) {
    fs.writeFileSync(file, `${current.trimEnd()}\n\n${section}`);
    return;
  }
  const rest = current.slice(start + 1);
  const nextHeading = rest.search(/^## /m);
  const end = nextHeading === -1 ? current.length : start + 1 + nextHeading;
  fs.writeFileSync(file, `${current.slice(0, start)}${section}${nextHeading === -1 ? '' : `\n${current.slice(end)}`}`);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tomekeeper-bench-timeline-'));
await seed(dataDir);
const server = await startServer(dataDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const context = await browser.newContext({ baseURL: server.base, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const login = await page.request.post('/api/auth/login', { data: { username: USERNAME, password: PASSWORD } });
  if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
  const loadStarted = performance.now();
  await page.goto('/timeline');
  await page.getByTestId('timeline-marker').first().waitFor();
  const loadMs = performance.now() - loadStarted;

  const rows: Figures[] = [await measureIdle(page)];
  for (const zoom of ['month', 'year', 'week', 'day'] as ZoomLevel[]) rows.push(await measureDrag(page, zoom));
  const chromiumVersion = browser.version();
  const markdown = [
    `${EVENTS} events spread over three years in one campaign. At each zoom level the track is dragged by`,
    `${DRAG_MOVES} real mouse moves of ${DRAG_PX_PER_STEP} px (sent by Playwright as fast as it can); frame times are the`,
    `requestAnimationFrame deltas during the drag, and "markers in the DOM" the most the page held at once.`,
    `Chromium ${chromiumVersion}, headless with --disable-gpu (software compositing), 1280×800, on`,
    `${os.cpus().length} cores shared with other builds and test runs (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), so single long`,
    'frames can come from outside the page; the idle row shows the same page left alone.',
    `Page load to the first marker: ${(loadMs / 1000).toFixed(1)} s (the server renders the first page of the list; the track's data holds all ${EVENTS} events).`,
    '',
    table(rows),
    '',
    'Command:',
    '',
    '```',
    'REMIX_BUILD_DIR=build-timeline npx remix vite:build',
    'REMIX_BUILD_DIR=build-timeline npx tsx bench/timeline/run.ts --write-docs',
    '```',
  ].join('\n');
  console.log(`\n${markdown}\n`);
  if (process.argv.includes('--write-docs')) writeDocs(markdown);
} finally {
  await browser.close();
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
