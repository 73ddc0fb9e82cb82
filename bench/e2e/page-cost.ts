/**
 * What a Playwright test costs before it does anything (ADR 0217): the CPU seconds of Chromium's
 * processes, by kind, for a new page and its first navigation (/register), and for a screenshot of
 * a long page (/api/docs) taken of the viewport and of the whole page, and the server's share
 * ("server": it is started by the bench too). Read from /proc for every
 * process Chromium starts, so the renderers a page brings are counted too.
 *   npm run build && RUNS=6 PORT=3367 npx tsx bench/e2e/page-cost.ts
 * The anchor: the same number of navigations of an already open page, which start no process.
 */
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import playwrightConfig from '../../playwright.config';
import { startBuiltServer } from '../support/server';

const RUNS = Number(process.env.RUNS ?? 6);
const PORT = Number(process.env.PORT ?? 3367);
const TICKS = 100;

/** CPU seconds of every live process below `root`, by Chromium's process kind. */
function cpuByKind(root: number, seen: Map<string, { kind: string; seconds: number }>): Record<string, number> {
  const parents = new Map<string, string>();
  const lines = new Map<string, { cmd: string; seconds: number }>();
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').pop()!.trim().split(' ');
      parents.set(pid, stat[1]);
      lines.set(pid, { cmd: fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'), seconds: (Number(stat[11]) + Number(stat[12])) / TICKS });
    } catch {
      // gone meanwhile
    }
  }
  for (const [pid, line] of lines) {
    let parent = parents.get(pid);
    for (let hops = 0; parent && parent !== '0' && hops < 20; hops++, parent = parents.get(parent)) {
      if (parent !== String(root)) continue;
      const kind = line.cmd.includes('chromium') ? (/--type=([\w-]+)/.exec(line.cmd)?.[1] ?? 'browser') : 'server';
      seen.set(pid, { kind, seconds: line.seconds });
      break;
    }
  }
  const totals: Record<string, number> = {};
  for (const { kind, seconds } of seen.values()) totals[kind] = (totals[kind] ?? 0) + seconds;
  return totals;
}

const minus = (after: Record<string, number>, before: Record<string, number>, runs: number) =>
  Object.fromEntries(Object.entries(after).map(([kind, seconds]) => [kind, (seconds - (before[kind] ?? 0)) / runs]));
const total = (kinds: Record<string, number>) => Object.values(kinds).reduce((sum, seconds) => sum + seconds, 0);
const show = (kinds: Record<string, number>) =>
  `${total(kinds).toFixed(2)} CPU-s (${Object.entries(kinds)
    .filter(([, seconds]) => seconds >= 0.01)
    .map(([kind, seconds]) => `${kind} ${seconds.toFixed(2)}`)
    .join(', ')})`;

const server = await startBuiltServer(PORT, {}, { serveScript: true });
// Launched as the suite launches it.
const browser = await chromium.launch(playwrightConfig.use?.launchOptions);
const seen = new Map<string, { kind: string; seconds: number }>();
const measure = async (work: () => Promise<void>) => {
  const before = cpuByKind(process.pid, seen);
  for (let i = 0; i < RUNS; i++) {
    await work();
    cpuByKind(process.pid, seen);
  }
  return minus(cpuByKind(process.pid, seen), before, RUNS);
};
try {
  const open = await (await browser.newContext()).newPage();
  await open.goto(`${server.base}/register`);
  const again = await measure(async () => {
    await open.goto(`${server.base}/register`);
  });
  console.log(`anchor, /register again in an open page: ${show(again)} a navigation`);
  const fresh = await measure(async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.goto(`${server.base}/register`);
    await context.close();
  });
  console.log(`a new context and page, then /register (what every test starts with): ${show(fresh)} a test`);

  const docs = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await docs.goto(`${server.base}/api/docs`);
  await docs.getByRole('heading', { name: /Tomekeeper API/ }).waitFor({ timeout: 120_000 });
  const height = await docs.evaluate(() => document.documentElement.scrollHeight);
  for (const fullPage of [false, true]) {
    const shot = await measure(async () => {
      await docs.screenshot({ fullPage });
    });
    console.log(`a screenshot of /api/docs (${height} px tall), ${fullPage ? 'the whole page' : 'the viewport'}: ${show(shot)}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
