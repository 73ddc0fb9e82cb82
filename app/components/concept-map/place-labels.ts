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

/** Where a concept's label sits around its circle: tried in this order, the first with room wins. */
export const LABEL_SIDES = ['below', 'above', 'right', 'left'] as const;
export type LabelSide = (typeof LABEL_SIDES)[number];
/** Screen pixels between a circle and a label beside it. */
const SIDE_GAP = 4;

/**
 * Which labels to show, and on which side of their circle: the heaviest concepts first (callers
 * pass them in that order), each below its circle, else above, right or left of it, wherever its
 * box on screen overlaps no label already placed and lies wholly inside the canvas (ADR 0351). Labels
 * never shrink below LABEL_FONT_PX and never pile on each other, so what is shown can be read;
 * a concept with no room on any side shows its name on hover and focus, and zooming in makes room.
 */
export function placeLabels(candidates: LabelCandidate[], view: ViewTransform, canvas: { width: number; height: number }): Map<string, LabelSide> {
  const shown = new Map<string, LabelSide>();
  // The placed boxes (left, top, right, bottom) one after another, and which of them touch each
  // grid cell (by offset; the cell's key is a number): called on every drawn frame of a map of
  // thousands, so it allocates little.
  const boxes: number[] = [];
  const grid = new Map<number, number[]>();
  const overlapsPlaced = (left: number, top: number, right: number, bottom: number) => {
    for (let gx = Math.floor(left / CELL); gx <= Math.floor(right / CELL); gx++) {
      for (let gy = Math.floor(top / CELL); gy <= Math.floor(bottom / CELL); gy++) {
        for (const at of grid.get(gx * CELLS_PER_COLUMN + gy) ?? []) {
          if (left < boxes[at + 2] && boxes[at] < right && top < boxes[at + 3] && boxes[at + 1] < bottom) return true;
        }
      }
    }
    return false;
  };
  const place = (left: number, top: number, right: number, bottom: number) => {
    const at = boxes.length;
    boxes.push(left, top, right, bottom);
    for (let gx = Math.floor(left / CELL); gx <= Math.floor(right / CELL); gx++) {
      for (let gy = Math.floor(top / CELL); gy <= Math.floor(bottom / CELL); gy++) {
        const key = gx * CELLS_PER_COLUMN + gy;
        const list = grid.get(key);
        if (list) list.push(at);
        else grid.set(key, [at]);
      }
    }
  };
  for (const candidate of candidates) {
    const width = candidate.length * CHARACTER_WIDTH + 6;
    const cx = view.x + candidate.x * view.k;
    const cy = view.y + candidate.y * view.k;
    const r = candidate.radius * view.k;
    for (const side of LABEL_SIDES) {
      const [left, top] = labelBoxCorner(side, cx, cy, r, width);
      const right = left + width;
      const bottom = top + LABEL_HEIGHT;
      // A label cut by the canvas's edge is not shown: pan or zoom to read it.
      if (left < 0 || right > canvas.width || top < 0 || bottom > canvas.height) continue;
      if (overlapsPlaced(left, top, right, bottom)) continue;
      shown.set(candidate.id, side);
      place(left, top, right, bottom);
      break;
    }
  }
  return shown;
}

/** The top-left corner on screen of a label `width` wide on `side` of a circle at (cx, cy) of radius r. */
export function labelBoxCorner(side: LabelSide, cx: number, cy: number, r: number, width: number): [number, number] {
  switch (side) {
    case 'below':
      return [cx - width / 2, cy + r + 1];
    case 'above':
      return [cx - width / 2, cy - r - 1 - LABEL_HEIGHT];
    case 'right':
      return [cx + r + SIDE_GAP, cy - LABEL_HEIGHT / 2];
    case 'left':
      return [cx - r - SIDE_GAP - width, cy - LABEL_HEIGHT / 2];
  }
}
