/**
 * Where a /concept-map load's time goes: one Chromium trace per load of a map of SIZE concepts
 * (default 2,000; the same invented map as layout.ts), broken down by thread.
 *   npm run build && SIZE=2000 RUNS=2 PORT=3411 npx tsx bench/concept-map/profile.ts
 * For each load it prints the milestones (response, hydration, layout start, settled), the busy
 * time of the page's main thread and of the layout worker between the layout's start and its
 * settling, and every main-thread task over 50 ms with what it was made of (script, style,
 * layout, paint, garbage collection...). TRACE=<folder> keeps the raw traces (chrome://tracing).
 */
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { startFakeAnthropic } from '../../tests/support/fake-anthropic';
import { startBuiltServer } from '../support/server';
import { createBenchMap, SETTLED } from './graph';

const SIZE = Number(process.env.SIZE ?? 2000);
const RUNS = Number(process.env.RUNS ?? 2);
const PORT = Number(process.env.PORT ?? 3361);
const CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8', 'loading'];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { functionName?: string; url?: string } };
}

/** Busy time (ms) of a thread's top-level tasks within [from, to] (µs). */
function busy(tasks: TraceEvent[], from: number, to: number): number {
  let total = 0;
  for (const task of tasks) {
    const start = Math.max(from, task.ts);
    const end = Math.min(to, task.ts + (task.dur ?? 0));
    if (end > start) total += end - start;
  }
  return total / 1000;
}

function analyse(events: TraceEvent[]) {
  const threadNames = new Map<string, string>();
  for (const event of events) if (event.ph === 'M' && event.name === 'thread_name') threadNames.set(`${event.pid}:${event.tid}`, event.args?.name ?? '');
  const complete = events.filter((event) => event.ph === 'X' && event.dur !== undefined);
  const mainKey = [...threadNames].find(
    ([key, name]) => name === 'CrRendererMain' && complete.some((e) => `${e.pid}:${e.tid}` === key && e.name === 'ParseHTML'),
  )?.[0];
  const workerKeys = [...threadNames].filter(([, name]) => name === 'DedicatedWorker thread').map(([key]) => key);
  const on = (key: string | undefined) => complete.filter((event) => `${event.pid}:${event.tid}` === key);
  const main = on(mainKey);
  const mainTasks = main.filter((event) => event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask');
  const workerTasks = workerKeys.flatMap((key) => on(key).filter((event) => event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask'));
  const mark = (name: string) =>
    events.find((event) => event.name === name && (event.ph === 'R' || event.ph === 'I' || event.ph === 'n' || event.ph === 'b' || event.ph === 'X'))?.ts;
  const navigation = events.find((event) => event.name === 'navigationStart')?.ts ?? main[0]?.ts ?? 0;
  const ms = (ts: number | undefined) => (ts === undefined ? '-' : `${((ts - navigation) / 1000).toFixed(0)} ms`);
  const layoutStart = mark('tomekeeper:layout-start');
  const settled = mark('tomekeeper:layout-settled');
  const lines: string[] = [];
  lines.push(
    `  response end ${ms(events.find((event) => event.name === 'ResourceFinish')?.ts)}, DOMContentLoaded ${ms(mark('domContentLoadedEventStart') ?? events.find((e) => e.name === 'MarkDOMContent')?.ts)}, hydrate ${ms(mark('tomekeeper:hydrate'))}, layout start ${ms(layoutStart)}, settled ${ms(settled)}`,
  );
  if (layoutStart !== undefined && settled !== undefined) {
    lines.push(
      `  during the layout (${((settled - layoutStart) / 1000).toFixed(0)} ms): main thread busy ${busy(mainTasks, layoutStart, settled).toFixed(0)} ms, worker busy ${busy(workerTasks, layoutStart, settled).toFixed(0)} ms`,
    );
  }
  lines.push(`  whole load: main thread busy ${busy(mainTasks, navigation, settled ?? Infinity).toFixed(0)} ms`);
  for (const task of mainTasks.filter((event) => (event.dur ?? 0) > 50_000)) {
    const end = task.ts + (task.dur ?? 0);
    const inside = main.filter((event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end);
    const byName = new Map<string, number>();
    // Direct children only: events not inside another event of the same task.
    for (const event of inside) {
      const nested = inside.some(
        (other) => other !== event && other.ts <= event.ts && other.ts + (other.dur ?? 0) >= event.ts + (event.dur ?? 0) && (other.dur ?? 0) > (event.dur ?? 0),
      );
      if (nested) continue;
      const what = event.name === 'FunctionCall' ? `FunctionCall ${event.args?.data?.functionName || ''}`.trim() : event.name;
      byName.set(what, (byName.get(what) ?? 0) + (event.dur ?? 0));
    }
    const parts = [...byName]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([name, dur]) => `${name} ${(dur / 1000).toFixed(0)}`)
      .join(', ');
    // One level further into the biggest part.
    const biggest = [...byName].sort((a, b) => b[1] - a[1])[0]?.[0];
    const top = inside.find((event) => event.name === biggest?.split(' ')[0]);
    let detail = '';
    if (top) {
      const under = new Map<string, number>();
      const topEnd = top.ts + (top.dur ?? 0);
      for (const event of inside) {
        if (event === top || event.ts < top.ts || event.ts + (event.dur ?? 0) > topEnd) continue;
        under.set(event.name, (under.get(event.name) ?? 0) + (event.dur ?? 0));
      }
      detail = ` [in ${top.name}: ${[...under]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([name, dur]) => `${name} ${(dur / 1000).toFixed(0)}`)
        .join(', ')}]`;
    }
    lines.push(`  task at ${ms(task.ts)}: ${((task.dur ?? 0) / 1000).toFixed(0)} ms = ${parts}${detail}`);
  }
  return lines.join('\n');
}

const fake = await startFakeAnthropic();
const server = await startBuiltServer(PORT, { ANTHROPIC_API_KEY: 'bench', ANTHROPIC_BASE_URL: fake.url, ANTHROPIC_MODEL: 'claude-haiku-4-5' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const token = await server.signUp('benchprofile');
  const { campaignId } = await createBenchMap(server, token, fake, SIZE);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'tk_session', value: token, domain: '127.0.0.1', path: '/' }]);
  // Marks the layout's start and end (from the SVG's data-settle-ms) the moment the map says it settled.
  await context.addInitScript(() => {
    new MutationObserver(() => {
      const graph = document.querySelector('[data-testid="concept-graph"][data-state="settled"]');
      if (!graph || performance.getEntriesByName('tomekeeper:layout-settled').length > 0) return;
      const now = performance.now();
      performance.mark('tomekeeper:layout-start', { startTime: now - Number(graph.getAttribute('data-settle-ms')) });
      performance.mark('tomekeeper:layout-settled', { startTime: now });
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'], childList: true });
  });
  const page = await context.newPage();
  for (let run = 0; run < RUNS; run++) {
    await page.goto(`${server.base}/api/health`);
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(`${server.base}/concept-map?campaign=${campaignId}`);
    const graph = page.getByTestId('concept-graph');
    await page.evaluate(SETTLED);
    const settleMs = await graph.getAttribute('data-settle-ms');
    const buffer = await browser.stopTracing();
    if (process.env.TRACE) fs.writeFileSync(`${process.env.TRACE}/concept-map-${SIZE}-${run}.json`, buffer);
    const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
    console.log(
      `load ${run + 1}: settle ${settleMs} ms, ticks ${await graph.getAttribute('data-ticks')}, worker stepping ${await graph.getAttribute('data-compute-ms')} ms`,
    );
    console.log(analyse(traceEvents));
  }
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  await fake.close();
}
