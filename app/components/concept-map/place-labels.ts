import type { ViewTransform } from '../../../contract/concept-map';

/** Labels are drawn at this size on screen whatever the zoom (app/styles/concept-map.css). */
export const LABEL_FONT_PX = 11;
const LABEL_HEIGHT = LABEL_FONT_PX + 4;
/** A little wider than the average character of the label font, so boxes err on the side of room. */
const CHARACTER_WIDTH = 6.6;
const CELL = 64;
/** Grid cells in a column, more than any canvas's height holds (a cell's key is column × this + row). */
const CELLS_PER_COLUMN = 4096;

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
  // The placed boxes (left, top, right, bottom) one after another, and which of them touch each
  // grid cell (by offset; the cell's key is a number): called on every drawn frame of a map of
  // thousands, so it allocates little.
  const boxes: number[] = [];
  const grid = new Map<number, number[]>();
  for (const candidate of candidates) {
    const width = candidate.length * CHARACTER_WIDTH + 6;
    const cx = view.x + candidate.x * view.k;
    const left = cx - width / 2;
    const right = cx + width / 2;
    const top = view.y + (candidate.y + candidate.radius) * view.k + 1;
    const bottom = top + LABEL_HEIGHT;
    // A label cut by the canvas's edge is not shown: pan or zoom to read it.
    if (left < 0 || right > canvas.width || top < 0 || bottom > canvas.height) continue;
    const gx0 = Math.floor(left / CELL);
    const gx1 = Math.floor(right / CELL);
    const gy0 = Math.floor(top / CELL);
    const gy1 = Math.floor(bottom / CELL);
    let overlaps = false;
    for (let gx = gx0; gx <= gx1 && !overlaps; gx++) {
      for (let gy = gy0; gy <= gy1 && !overlaps; gy++) {
        for (const at of grid.get(gx * CELLS_PER_COLUMN + gy) ?? []) {
          if (left < boxes[at + 2] && boxes[at] < right && top < boxes[at + 3] && boxes[at + 1] < bottom) {
            overlaps = true;
            break;
          }
        }
      }
    }
    if (overlaps) continue;
    shown.add(candidate.id);
    const at = boxes.length;
    boxes.push(left, top, right, bottom);
    for (let gx = gx0; gx <= gx1; gx++) {
      for (let gy = gy0; gy <= gy1; gy++) {
        const key = gx * CELLS_PER_COLUMN + gy;
        const list = grid.get(key);
        if (list) list.push(at);
        else grid.set(key, [at]);
      }
    }
  }
  return shown;
}
