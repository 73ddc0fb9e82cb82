import type { ViewTransform } from '../../../contract/concept-map';

/** Labels are drawn at this size on screen whatever the zoom (app/styles/concept-map.css). */
export const LABEL_FONT_PX = 11;
const LABEL_HEIGHT = LABEL_FONT_PX + 4;
/** A little wider than the average character of the label font, so boxes err on the side of room. */
const CHARACTER_WIDTH = 6.6;
const CELL = 64;

export interface LabelCandidate {
  id: string;
  x: number;
  y: number;
  radius: number;
  /** Characters in the (truncated) label. */
  length: number;
}

/**
 * Which labels to show: the heaviest concepts first (callers pass them in that order), each only
 * if its box on screen overlaps no label already placed and lies wholly inside the canvas. Labels never
 * shrink below LABEL_FONT_PX and never pile on each other, so what is shown can be read; zooming
 * in makes room for more.
 */
export function placeLabels(candidates: LabelCandidate[], view: ViewTransform, canvas: { width: number; height: number }): Set<string> {
  const shown = new Set<string>();
  const grid = new Map<string, Array<[number, number, number, number]>>();
  for (const candidate of candidates) {
    const width = candidate.length * CHARACTER_WIDTH + 6;
    const cx = view.x + candidate.x * view.k;
    const top = view.y + (candidate.y + candidate.radius) * view.k + 1;
    const box: [number, number, number, number] = [cx - width / 2, top, cx + width / 2, top + LABEL_HEIGHT];
    // A label cut by the canvas's edge is not shown: pan or zoom to read it.
    if (box[0] < 0 || box[2] > canvas.width || box[1] < 0 || box[3] > canvas.height) continue;
    const cells: string[] = [];
    for (let gx = Math.floor(box[0] / CELL); gx <= Math.floor(box[2] / CELL); gx++) {
      for (let gy = Math.floor(box[1] / CELL); gy <= Math.floor(box[3] / CELL); gy++) cells.push(`${gx},${gy}`);
    }
    const overlaps = cells.some((cell) => (grid.get(cell) ?? []).some((other) => box[0] < other[2] && other[0] < box[2] && box[1] < other[3] && other[1] < box[3]));
    if (overlaps) continue;
    shown.add(candidate.id);
    for (const cell of cells) {
      const list = grid.get(cell);
      if (list) list.push(box);
      else grid.set(cell, [box]);
    }
  }
  return shown;
}
