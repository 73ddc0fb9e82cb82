import type { LayoutInput } from './force-layout';

/** Messages from the page to the layout worker. `run` numbers a layout: answers of an older one are ignored. */
export type ToLayoutWorker =
  | { type: 'start'; run: number; input: LayoutInput }
  | { type: 'hold'; run: number; index: number; x: number; y: number }
  | { type: 'release'; run: number; index: number; pinned: boolean }
  | { type: 'unpin'; run: number; index: number }
  | { type: 'stop' };

/** The worker's answer after each slice of steps. */
export interface LayoutFrame {
  type: 'frame';
  run: number;
  /** x0, y0, x1, y1, … in the order of the start message's nodes. */
  positions: Float64Array;
  ticks: number;
  settled: boolean;
  /** Time spent stepping since the start (or since a drag warmed the layout again). */
  computeMs: number;
}
