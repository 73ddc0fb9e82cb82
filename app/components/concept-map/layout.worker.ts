/**
 * The layout worker: steps the force layout off the page's main thread, so a map of thousands
 * of concepts settles without holding up scrolling, typing or clicks. It answers a frame of
 * positions after each slice of steps; the page draws the latest one.
 */
import { createForceLayout, type ForceLayout } from './force-layout';
import type { LayoutFrame, ToLayoutWorker } from './layout-protocol';

/** Steps per slice while cooling; messages (a drag) are read between slices. */
const SLICE_MS = 30;
/** While a drag holds the layout warm it moves at the display's pace, a couple of steps a frame. */
const WARM_SLICE_MS = 16;
const WARM_TICKS = 2;

// The worker's global scope, typed by what is used (the project's lib is the DOM's, not the worker's).
const scope = self as unknown as {
  postMessage(message: LayoutFrame, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToLayoutWorker>) => void) | null;
};
let layout: ForceLayout | null = null;
let run = 0;
let held = false;
let timer: ReturnType<typeof setTimeout> | undefined;
let computeMs = 0;

function step() {
  timer = undefined;
  if (!layout) return;
  const started = performance.now();
  const settled = held ? layout.run(WARM_SLICE_MS, WARM_TICKS) : layout.run(SLICE_MS);
  computeMs += performance.now() - started;
  const positions = layout.positions();
  const frame: LayoutFrame = { type: 'frame', run, positions, ticks: layout.ticks(), settled, computeMs: Math.round(computeMs) };
  scope.postMessage(frame, [positions.buffer]);
  if (!settled) timer = setTimeout(step, held ? WARM_SLICE_MS : 0);
}

function wake() {
  if (timer === undefined) {
    computeMs = 0;
    timer = setTimeout(step, 0);
  }
}

scope.onmessage = (event: MessageEvent<ToLayoutWorker>) => {
  const message = event.data;
  if (message.type === 'stop') {
    clearTimeout(timer);
    timer = undefined;
    layout = null;
    return;
  }
  if (message.type === 'start') {
    clearTimeout(timer);
    timer = undefined;
    run = message.run;
    held = false;
    layout = createForceLayout(message.input);
    wake();
    return;
  }
  if (!layout || message.run !== run) return;
  if (message.type === 'hold') {
    held = true;
    layout.hold(message.index, message.x, message.y);
  } else if (message.type === 'release') {
    held = false;
    layout.release(message.index, message.pinned);
  } else {
    layout.unpin(message.index);
  }
  wake();
};
