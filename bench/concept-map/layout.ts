/**
 * How long the concept map's force layout takes to settle in Chromium, for 100, 500 and 2,000 concepts.
 *   npm run build && SIZES=2000 RUNS=3 PORT=3361 npx tsx bench/concept-map/layout.ts
 *   BUILDS=build-before,build SIZES=2000 RUNS=5 npx tsx bench/concept-map/layout.ts   (two builds, loads interleaved)
 * The built app runs with Claude pointed at the fake Messages API (tests/support/fake-anthropic.ts),
 * which answers the extraction of one uploaded note with N invented concepts and about 1.5 N
 * relationships, so each map goes through the real generate path. Then Debian's Chromium opens
 * /concept-map and the page reports (data-settle-ms, data-ticks, data-compute-ms on the SVG) the
 * time from the simulation's start until its cooling value fell below 0.01, and how much of it was
 * spent ticking and drawing (the rest is waiting for frames). Each size is loaded RUNS times;
 * SCREENSHOTS=<folder> keeps a picture of each settled map (the page and the canvas alone).
 * BUILDS=build-before,build serves each build from its own server and interleaves their loads.
 *
 * The machine is shared, so each load is paired with an anchor measured in the same page just
 * before it: a fixed piece of JavaScript (sorting 200,000 numbers, best of 5). Settle times are
 * also given as a multiple of that anchor. The longest main-thread task while the map settles
 * (PerformanceObserver 'longtask') says whether input could be answered meanwhile; to see it
 * answered, a key (Shift) is pressed every 50 ms from the page's load until it settles, and each
 * press's input delay (Event Timing: from the key going down until its handlers ran) is kept. Both
 * are given for the whole load (the page's HTML and hydration included) and for the layout's window
 * alone (from its start until it settled).
 */
import { chromium } from '@playwright/test';
import { startFakeAnthropic } from '../../tests/support/fake-anthropic';
import { startBuiltServer } from '../support/server';
import { createBenchMap, SETTLED } from './graph';

const SIZES = (process.env.SIZES ?? '100,500,2000').split(',').map(Number);
const RUNS = Number(process.env.RUNS ?? 3);
const PORT = Number(process.env.PORT ?? 3361);
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
// BUILDS=build-before,build compares builds load by load: a server per build (PORT, PORT+1, ...),
// their loads interleaved, so a busy minute weighs on each the same.
const builds = (process.env.BUILDS ?? process.env.REMIX_BUILD_DIR ?? 'build').split(',');
const servers = await Promise.all(
  builds.map((build, i) =>
    startBuiltServer(PORT + i, {
      REMIX_BUILD_DIR: build,
      ANTHROPIC_API_KEY: 'bench',
      ANTHROPIC_BASE_URL: fake.url,
      ANTHROPIC_MODEL: 'claude-haiku-4-5',
    }),
  ),
);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
/** A load that has not settled by then is reported as an error instead of pressing keys forever. */
const LOAD_LIMIT_MS = 120_000;

try {
  const rows: string[] = [];
  for (const size of SIZES) {
    const targets = [];
    for (const [i, server] of servers.entries()) {
      const token = await server.signUp(`benchmap${size}`);
      const { campaignId, map } = await createBenchMap(server, token, fake, size);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addCookies([{ name: 'tk_session', value: token, domain: '127.0.0.1', path: '/' }]);
      await context.addInitScript(() => {
        // [start, length] of each long task and [start, delay] of each key press, in the page's clock.
        const store: Array<[number, number]> = [];
        (window as unknown as { __longTasks: Array<[number, number]> }).__longTasks = store;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) store.push([entry.startTime, entry.duration]);
        }).observe({ type: 'longtask', buffered: true });
        // Input delay of each key press (Event Timing reports events of 16 ms or longer).
        const delays: Array<[number, number]> = [];
        (window as unknown as { __inputDelays: Array<[number, number]> }).__inputDelays = delays;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as PerformanceEventTiming[])
            if (entry.name === 'keydown') delays.push([entry.startTime, entry.processingStart - entry.startTime]);
        }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
        // The layout's window: from its start (the settle time back from the moment it says it settled) to then.
        new MutationObserver((_, observer) => {
          const graph = document.querySelector('[data-testid="concept-graph"][data-state="settled"]');
          if (!graph) return;
          const now = performance.now();
          (window as unknown as { __layout: [number, number] }).__layout = [now - Number(graph.getAttribute('data-settle-ms')), now];
          observer.disconnect();
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'], childList: true });
      });
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`  ${builds[i]}: page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') console.error(`  ${builds[i]}: console error: ${message.text().slice(0, 300)}`);
      });
      targets.push({
        build: builds[i],
        server,
        campaignId,
        map,
        context,
        page,
        settle: [] as number[],
        anchor: [] as number[],
        longest: [] as number[],
        compute: [] as number[],
        wall: [] as number[],
        inputDelay: [] as number[],
        longestDuring: [] as number[],
        inputDelayDuring: [] as number[],
        presses: [] as number[],
        ticks: 0,
      });
    }
    for (let run = 0; run < RUNS; run++) {
      for (const target of targets) {
        const { page, server } = target;
        await page.goto(`${server.base}/api/health`);
        target.anchor.push(await page.evaluate(anchorWork));
        const started = Date.now();
        await page.goto(`${server.base}/concept-map?campaign=${target.campaignId}`);
        const graph = page.getByTestId('concept-graph');
        // Settled or failed, the key presses stop; a load that never settles ends the run with an error.
        let settled = false;
        const settling = page.evaluate(SETTLED).finally(() => {
          settled = true;
        });
        // Awaited below; if the loop throws first (the time limit), its error is the one reported.
        settling.catch(() => {});
        const deadline = Date.now() + LOAD_LIMIT_MS;
        let presses = 0;
        while (!settled) {
          if (Date.now() > deadline) {
            // What the page was doing, to find why (no named functions inside: see below).
            const state = await Promise.race([
              page.evaluate(`(async () => {
                const graph = document.querySelector('[data-testid="concept-graph"]');
                const frame = await Promise.race([new Promise((resolve) => requestAnimationFrame(() => resolve('ran'))), new Promise((resolve) => setTimeout(() => resolve('none in 2 s'), 2000))]);
                return JSON.stringify({
                  graph: graph ? Object.fromEntries([...graph.attributes].filter((a) => a.name.startsWith('data-')).map((a) => [a.name, a.value])) : null,
                  loading: document.querySelector('.cm-graph-loading')?.textContent ?? null,
                  withoutJavaScript: document.querySelector('.cm-nojs') !== null,
                  listsOpen: document.querySelector('[data-testid="concept-lists"]')?.hasAttribute('open') ?? null,
                  nodes: document.querySelectorAll('[data-node-id]').length,
                  links: document.querySelectorAll('.cm-link').length,
                  visibility: document.visibilityState,
                  animationFrame: frame,
                  url: location.href,
                });
              })()`),
              new Promise((resolve) => setTimeout(() => resolve('the page did not answer in 10 s'), 10_000)),
            ]);
            throw new Error(`${target.build} ${size}, load ${run + 1}: not settled within ${LOAD_LIMIT_MS / 1000} s; ${state}`);
          }
          await page.keyboard.press('Shift');
          presses += 1;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await settling;
        target.wall.push(Date.now() - started);
        target.presses.push(presses);
        // The whole load (from navigation) and the layout's window alone (what overlaps it).
        // (No named functions inside: tsx would wrap them in a helper that does not exist in the page.)
        const figures = await page.evaluate(() => {
          const w = window as unknown as { __longTasks: Array<[number, number]>; __inputDelays: Array<[number, number]>; __layout: [number, number] };
          const [from, to] = w.__layout;
          const result = { task: 0, taskDuring: 0, delay: 0, delayDuring: 0 };
          for (const [start, length] of w.__longTasks) {
            result.task = Math.max(result.task, length);
            if (start < to && start + length > from) result.taskDuring = Math.max(result.taskDuring, length);
          }
          for (const [start, length] of w.__inputDelays) {
            result.delay = Math.max(result.delay, length);
            if (start < to && start + length > from) result.delayDuring = Math.max(result.delayDuring, length);
          }
          return result;
        });
        target.inputDelay.push(figures.delay);
        target.longest.push(figures.task);
        target.inputDelayDuring.push(figures.delayDuring);
        target.longestDuring.push(figures.taskDuring);
        target.settle.push(Number(await graph.getAttribute('data-settle-ms')));
        target.compute.push(Number(await graph.getAttribute('data-compute-ms')));
        target.ticks = Number(await graph.getAttribute('data-ticks'));
        console.error(`  ${target.build} ${size}, load ${run + 1}: settle ${target.settle.at(-1)} ms`);
      }
    }
    for (const target of targets) {
      const { page, settle, anchor, longest, compute, wall, map, inputDelay, presses, longestDuring, inputDelayDuring } = target;
      if (process.env.SCREENSHOTS) {
        const name = `${process.env.SCREENSHOTS}/concept-map-${size}${builds.length > 1 ? `-${target.build}` : ''}`;
        await page.screenshot({ path: `${name}.png` });
        await page.getByTestId('concept-graph').screenshot({ path: `${name}-graph.png` });
      }
      const nodes = await page.locator('[data-node-id]').count();
      const links = await page.locator('.cm-link').count();
      await target.context.close();
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
      const ratios = settle.map((value, i) => value / anchor[i]);
      const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
      rows.push(
        `| ${target.build} | ${map.concepts.length} | ${map.relationships.length} | ${nodes} / ${links} | ${target.ticks} | ${seconds(Math.min(...settle))} / ${seconds(median(settle))} | ${Math.min(...ratios).toFixed(1)} / ${median(ratios).toFixed(1)} (anchor ${median(anchor).toFixed(0)} ms) | ${seconds(median(compute))} | ${median(longest).toFixed(0)} ms | ${median(inputDelay).toFixed(0)} / ${Math.max(...inputDelay).toFixed(0)} ms | ${median(longestDuring).toFixed(0)} / ${Math.max(...longestDuring).toFixed(0)} ms | ${median(inputDelayDuring).toFixed(0)} / ${Math.max(...inputDelayDuring).toFixed(0)} ms | ${seconds(median(wall))} |`,
      );
      console.error(rows.at(-1));
      console.error(
        `  ${target.build} ${size}: settle ${settle.join(', ')} ms; anchor ${anchor.map(Math.round).join(', ')} ms; longest task ${longest.map(Math.round).join(', ')} ms; longest input delay ${inputDelay.map(Math.round).join(', ')} ms over ${presses.join(', ')} key presses; during the layout: longest task ${longestDuring.map(Math.round).join(', ')} ms, longest input delay ${inputDelayDuring.map(Math.round).join(', ')} ms`,
      );
    }
  }
  console.log(
    `| build | concepts | relationships | nodes / links drawn | ticks | settle, min / median of ${RUNS} | settle ÷ anchor, min / median | worker stepping (median) | longest main-thread task (median) | longest input delay, median / max | during the layout: longest task, median / max | during the layout: longest input delay, median / max | page load to settled (median) |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  console.log(rows.join('\n'));
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.stop()));
  await fake.close();
}
