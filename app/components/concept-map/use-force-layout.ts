import { useCallback, useEffect, useRef, useState } from 'react';
import { clampToCanvas } from '../../../contract/concept-map';
import { BIG_MAP } from './graph-model';
import { ALPHA_START, type LayoutArea, type LayoutLink } from './force-layout';
import { seedPositions } from './seed-layout';
import type { LayoutFrame, ToLayoutWorker } from './layout-protocol';

export interface LayoutState {
  running: boolean;
  /** From the start of the layout until its cooling value fell below 0.01 (the page's benchmark reads it). */
  settleMs: number | null;
  ticks: number;
  /** Time the worker spent stepping. */
  computeMs: number | null;
}

export interface Positions {
  /** x0, y0, x1, y1, … in `ids` order. */
  xy: Float64Array;
  ids: string[];
  indexOf: Map<string, number>;
}

interface Options {
  nodes: Array<{ id: string; radius: number }>;
  links: LayoutLink[];
  /** Null until the canvas is measured. */
  area: LayoutArea | null;
  collidePadding: number;
  /** Draws the latest positions; called at most once a frame (once a second for a big map while it moves). */
  draw(positions: Positions): void;
  /** The layout settled; `newConcepts` when it was a new map (or an update that changed its concepts), not a drag. */
  settled(newConcepts: boolean): void;
}

/**
 * A big map (BIG_MAP concepts or more) moving is redrawn once a second: restyling and painting
 * thousands of elements costs more than stepping them, and would take the worker's CPU on a small machine.
 */
const DRAW_EVERY_MS = 1000;

/**
 * Runs the force layout in a web worker and hands each new set of positions to `draw`. Nodes keep
 * their places (and pins) across restarts: hiding weak links or updating the map only relaxes it.
 */
export function useForceLayout({ nodes, links, area, collidePadding, draw, settled }: Options) {
  const [state, setState] = useState<LayoutState>({ running: true, settleMs: null, ticks: 0, computeMs: null });
  const worker = useRef<Worker | null>(null);
  const positions = useRef<Positions>({ xy: new Float64Array(0), ids: [], indexOf: new Map() });
  const pinned = useRef(new Map<string, { x: number; y: number }>());
  const run = useRef(0);
  const startedAt = useRef(0);
  const newConcepts = useRef(false);
  const conceptKey = useRef('');
  const lastDraw = useRef(0);
  const frame = useRef(0);
  const areaRef = useRef(area);
  areaRef.current = area;
  const callbacks = useRef({ draw, settled });
  callbacks.current = { draw, settled };

  const post = useCallback((message: ToLayoutWorker) => worker.current?.postMessage(message), []);

  const scheduleDraw = useCallback((now: boolean) => {
    if (frame.current) {
      if (!now) return;
      cancelAnimationFrame(frame.current);
    }
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      lastDraw.current = performance.now();
      callbacks.current.draw(positions.current);
    });
  }, []);

  useEffect(() => {
    const layoutWorker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
    worker.current = layoutWorker;
    layoutWorker.onmessage = (event: MessageEvent<LayoutFrame>) => {
      const answer = event.data;
      if (answer.run !== run.current) return;
      positions.current = { ...positions.current, xy: answer.positions };
      const big = positions.current.ids.length >= BIG_MAP;
      if (answer.settled) {
        scheduleDraw(true);
        setState({ running: false, settleMs: Math.round(performance.now() - startedAt.current), ticks: answer.ticks, computeMs: answer.computeMs });
        callbacks.current.settled(newConcepts.current);
        newConcepts.current = false;
      } else if (!big || performance.now() - lastDraw.current >= DRAW_EVERY_MS) {
        scheduleDraw(false);
      }
    };
    return () => {
      layoutWorker.terminate();
      worker.current = null;
      cancelAnimationFrame(frame.current);
    };
  }, [scheduleDraw]);

  // A new layout whenever the concepts, the visible links or the canvas change.
  useEffect(() => {
    if (!area) return;
    const previous = positions.current;
    const placeOf = (id: string) => {
      const index = previous.indexOf.get(id);
      return index === undefined ? undefined : { x: previous.xy[2 * index], y: previous.xy[2 * index + 1] };
    };
    const ids = nodes.map((node) => node.id);
    const key = ids.join(',');
    newConcepts.current = newConcepts.current || key !== conceptKey.current;
    conceptKey.current = key;
    const xy = new Float64Array(ids.length * 2);
    const seeds = nodes.every((node) => previous.indexOf.has(node.id)) ? [] : seedPositions(nodes, links, area);
    const layoutNodes = nodes.map((node, index) => {
      const place = placeOf(node.id) ?? seeds[index];
      xy[2 * index] = place.x;
      xy[2 * index + 1] = place.y;
      const pin = pinned.current.get(node.id);
      return { id: node.id, radius: node.radius, x: place.x, y: place.y, fx: pin?.x ?? null, fy: pin?.y ?? null };
    });
    positions.current = { xy, ids, indexOf: new Map(ids.map((id, index) => [id, index])) };
    run.current += 1;
    startedAt.current = performance.now();
    setState({ running: true, settleMs: null, ticks: 0, computeMs: null });
    post({ type: 'start', run: run.current, input: { nodes: layoutNodes, links, area, collidePadding, alpha: ALPHA_START } });
    scheduleDraw(true);
  }, [nodes, links, area, collidePadding, post, scheduleDraw]);

  const warm = useCallback(() => {
    startedAt.current = performance.now();
    setState((current) => (current.running ? current : { running: true, settleMs: null, ticks: current.ticks, computeMs: null }));
  }, []);

  /** A drag: the node follows (x, y) in graph units, drawn at once. */
  const hold = useCallback(
    (id: string, graphX: number, graphY: number) => {
      const index = positions.current.indexOf.get(id);
      const size = areaRef.current;
      if (index === undefined || !size) return;
      const x = clampToCanvas(graphX, size.width);
      const y = clampToCanvas(graphY, size.height);
      positions.current.xy[2 * index] = x;
      positions.current.xy[2 * index + 1] = y;
      warm();
      post({ type: 'hold', run: run.current, index, x, y });
      scheduleDraw(false);
    },
    [post, scheduleDraw, warm],
  );

  const release = useCallback(
    (id: string, pin: boolean) => {
      const index = positions.current.indexOf.get(id);
      if (index === undefined) return;
      if (pin) pinned.current.set(id, { x: positions.current.xy[2 * index], y: positions.current.xy[2 * index + 1] });
      post({ type: 'release', run: run.current, index, pinned: pin || pinned.current.has(id) });
    },
    [post],
  );

  const unpin = useCallback(
    (id: string) => {
      const index = positions.current.indexOf.get(id);
      if (index === undefined || !pinned.current.delete(id)) return;
      warm();
      post({ type: 'unpin', run: run.current, index });
    },
    [post, warm],
  );

  const positionOf = useCallback((id: string) => {
    const { xy, indexOf } = positions.current;
    const index = indexOf.get(id);
    return index === undefined ? undefined : { x: xy[2 * index], y: xy[2 * index + 1] };
  }, []);

  const isPinned = useCallback((id: string) => pinned.current.has(id), []);

  return { state, positions, positionOf, hold, release, unpin, isPinned, redraw: () => scheduleDraw(true) };
}
