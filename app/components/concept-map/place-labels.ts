import type { ViewTransform } from '../../../contract/concept-map';

/** Labels are drawn at this size on screen whatever the zoom (app/styles/concept-map.css). */
export const LABEL_FONT_PX = 11;
const LABEL_HEIGHT = LABEL_FONT_PX + 4;
/** A little wider than the average character of the label font: the width before a label is measured (estimateLabelWidth). */
const CHARACTER_WIDTH = 6.6;
/** Room left either side of a label's text. */
const LABEL_PADDING = 6;
const CELL = 64;
/** Grid cells in a column, more than any canvas's height holds (a cell's key is column × this + row). */
const CELLS_PER_COLUMN = 4096;

export interface LabelCandidate {
  id: string;
  x: number;
  y: number;
  radius: number;
  /** The label's width on screen in pixels, its padding included (measureLabelWidth). */
  width: number;
}

/** Typed arrays reused from one frame to the next (placement runs on every drawn frame), grown when too small. */
const buffers = { circles: new Float64Array(0), cellStart: new Int32Array(0), inCell: new Int32Array(0), filled: new Int32Array(0) };
function floats(length: number): Float64Array {
  if (buffers.circles.length < length) buffers.circles = new Float64Array(length * 2);
  return buffers.circles;
}
function ints(name: 'cellStart' | 'inCell' | 'filled', length: number): Int32Array {
  if (buffers[name].length < length) buffers[name] = new Int32Array(length * 2);
  return buffers[name];
}

/** Where a concept's label sits around its circle: tried in this order, the first with room wins. */
export const LABEL_SIDES = ['below', 'above', 'right', 'left'] as const;
export type LabelSide = (typeof LABEL_SIDES)[number];
/** Screen pixels between a circle and a label beside it. */
const SIDE_GAP = 4;

/**
 * Which labels to show, and on which side of their circle: the heaviest concepts first (callers
 * pass them in that order), each below its circle, else above, right or left of it, wherever its
 * box on screen overlaps no label already placed and no other concept's circle, and lies wholly
 * inside the canvas (ADR 0351, ADR 0359). Labels never shrink below LABEL_FONT_PX, never pile on
 * each other and never cover a dot, so what is shown can be read and every dot can be seen and
 * pointed at; a concept with no room on any side shows its name on hover and focus, and zooming
 * in makes room. `candidates` are all the concepts drawn: each circle is an obstacle.
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
  // Every circle on screen (x, y, r: three numbers a concept, in candidates' order), and for each
  // grid cell of the canvas the circles that touch it (counted, then filled, in arrays kept between
  // frames): so a label is tested only against the dots near it.
  const columns = Math.floor(canvas.width / CELL) + 1;
  const rows = Math.floor(canvas.height / CELL) + 1;
  const circles = floats(candidates.length * 3);
  const cellStart = ints('cellStart', columns * rows + 1);
  cellStart.fill(0, 0, columns * rows + 1);
  const cellsOf = (index: number, each: (cell: number) => void) => {
    const [cx, cy, r] = [circles[3 * index], circles[3 * index + 1], circles[3 * index + 2]];
    if (cx + r < 0 || cx - r > canvas.width || cy + r < 0 || cy - r > canvas.height) return;
    const [firstColumn, lastColumn] = [Math.max(0, Math.floor((cx - r) / CELL)), Math.min(columns - 1, Math.floor((cx + r) / CELL))];
    const [firstRow, lastRow] = [Math.max(0, Math.floor((cy - r) / CELL)), Math.min(rows - 1, Math.floor((cy + r) / CELL))];
    for (let column = firstColumn; column <= lastColumn; column++) for (let row = firstRow; row <= lastRow; row++) each(column * rows + row);
  };
  candidates.forEach((candidate, index) => {
    circles[3 * index] = view.x + candidate.x * view.k;
    circles[3 * index + 1] = view.y + candidate.y * view.k;
    circles[3 * index + 2] = candidate.radius * view.k;
    cellsOf(index, (cell) => cellStart[cell + 1]++);
  });
  for (let cell = 1; cell <= columns * rows; cell++) cellStart[cell] += cellStart[cell - 1];
  const inCell = ints('inCell', cellStart[columns * rows]);
  const filled = ints('filled', columns * rows);
  filled.fill(0, 0, columns * rows);
  candidates.forEach((_, index) => cellsOf(index, (cell) => (inCell[cellStart[cell] + filled[cell]++] = index)));

  /** Whether the box (inside the canvas) covers any part of another concept's circle: the box's nearest point lies inside it. */
  const coversCircle = (own: number, left: number, top: number, right: number, bottom: number) => {
    for (let column = Math.floor(left / CELL); column <= Math.min(columns - 1, Math.floor(right / CELL)); column++) {
      for (let row = Math.floor(top / CELL); row <= Math.min(rows - 1, Math.floor(bottom / CELL)); row++) {
        const cell = column * rows + row;
        for (let at = cellStart[cell]; at < cellStart[cell + 1]; at++) {
          const index = inCell[at];
          if (index === own) continue;
          const cx = circles[3 * index];
          const cy = circles[3 * index + 1];
          const r = circles[3 * index + 2];
          const dx = cx - Math.max(left, Math.min(cx, right));
          const dy = cy - Math.max(top, Math.min(cy, bottom));
          if (dx * dx + dy * dy < r * r) return true;
        }
      }
    }
    return false;
  };
  candidates.forEach((candidate, index) => {
    const width = candidate.width;
    const cx = circles[3 * index];
    const cy = circles[3 * index + 1];
    const r = circles[3 * index + 2];
    for (const side of LABEL_SIDES) {
      const [left, top] = labelBoxCorner(side, cx, cy, r, width);
      const right = left + width;
      const bottom = top + LABEL_HEIGHT;
      // A label cut by the canvas's edge is not shown: pan or zoom to read it.
      if (left < 0 || right > canvas.width || top < 0 || bottom > canvas.height) continue;
      if (overlapsPlaced(left, top, right, bottom) || coversCircle(index, left, top, right, bottom)) continue;
      shown.set(candidate.id, side);
      place(left, top, right, bottom);
      break;
    }
  });
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

let context: CanvasRenderingContext2D | null = null;

/**
 * A label's width on screen: measured on a canvas in the font a drawn label has (`sample`, any
 * .cm-label element; its size is LABEL_FONT_PX on screen whatever the zoom), rounded up, with its
 * padding. The fonts a system has differ in width (Debian's are wider than the estimate), so a
 * label is measured once rather than guessed; without a document it is estimated from its length.
 */
export function measureLabelWidth(text: string, sample: Element | null): number {
  const estimate = Array.from(text).length * CHARACTER_WIDTH + LABEL_PADDING;
  if (typeof document === 'undefined' || !sample) return estimate;
  context ??= document.createElement('canvas').getContext('2d');
  if (!context) return estimate;
  const style = getComputedStyle(sample);
  context.font = `${style.fontStyle} ${style.fontWeight} ${LABEL_FONT_PX}px ${style.fontFamily}`;
  return Math.ceil(context.measureText(text).width) + LABEL_PADDING;
}
