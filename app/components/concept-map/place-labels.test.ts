import { describe, expect, it } from 'vitest';
import { LABEL_FONT_PX, labelBoxCorner, measureLabelWidth, placeLabels, type LabelCandidate } from './place-labels';

const at = (id: string, x: number, y: number, length = 10): LabelCandidate => ({ id, x, y, radius: 10, width: measureLabelWidth('x'.repeat(length), null) });
const canvas = { width: 800, height: 600 };

describe('placeLabels', () => {
  it('shows every label that has room, below its circle', () => {
    const shown = placeLabels([at('a', 100, 100), at('b', 300, 100), at('c', 100, 300)], { k: 1, x: 0, y: 0 }, canvas);
    expect([...shown]).toEqual([
      ['a', 'below'],
      ['b', 'below'],
      ['c', 'below'],
    ]);
  });

  it('moves a lighter label to another side of its circle before it hides it', () => {
    // Beside a heavier concept, whose label takes the room below the lighter one's circle.
    const beside = placeLabels([at('heavy', 100, 100), at('light', 150, 100)], { k: 1, x: 0, y: 0 }, canvas);
    expect(beside.get('heavy')).toBe('below');
    expect(beside.get('light')).toBe('above');
    // And one more above it: the label goes to the right.
    const between = placeLabels([at('heavy', 100, 100), at('top', 150, 62), at('light', 150, 100)], { k: 1, x: 0, y: 0 }, canvas);
    expect(between.get('light')).toBe('right');
  });

  it('hides a label with no room on any side, and shows it once zoomed in', () => {
    // A ring of heavier concepts whose labels take every side of the light one's circle.
    const ring = [at('n', 100, 60), at('s', 100, 110), at('e', 160, 85), at('w', 40, 85)];
    const light = at('light', 100, 100);
    expect(placeLabels([...ring, light], { k: 1, x: 0, y: 0 }, canvas).has('light')).toBe(false);
    expect(placeLabels([...ring, light], { k: 5, x: -300, y: -300 }, canvas).has('light')).toBe(true);
  });

  it("never puts a label over another concept's circle: it takes another side, or hides", () => {
    const view = { k: 1, x: 0, y: 0 };
    // A lighter concept's dot sits just below the heavy one: the heavy name goes above, not over the dot.
    const dotBelow = placeLabels([at('heavy', 100, 100), at('dot', 100, 125)], view, canvas);
    expect(dotBelow.get('heavy')).toBe('above');
    // Dots on all four sides, close enough to take each side's room: the name has no room.
    const ringed = [at('light', 200, 200), at('n', 200, 172), at('s', 200, 228), at('e', 236, 200), at('w', 164, 200)];
    expect(placeLabels(ringed, view, canvas).has('light')).toBe(false);
    // Zoomed in, the dots draw apart and the name finds room.
    expect(placeLabels(ringed, { k: 4, x: -600, y: -600 }, canvas).has('light')).toBe(true);
    // A dot off the canvas is no obstacle; a concept's own circle never is.
    expect(placeLabels([at('alone', 100, 100), at('away', 100, -400)], view, canvas).get('alone')).toBe('below');
  });

  it('leaves out labels outside the canvas', () => {
    const shown = placeLabels([at('in', 100, 100), at('out', 2000, 100)], { k: 1, x: 0, y: 0 }, canvas);
    expect([...shown.keys()]).toEqual(['in']);
  });

  it('never places two overlapping labels among many crowded concepts, and shows more than below alone', () => {
    const candidates = Array.from({ length: 400 }, (_, i) => at(`n${i}`, (i * 37) % 500, (i * 53) % 400, 4 + (i % 12)));
    const view = { k: 0.8, x: 10, y: 10 };
    const shown = placeLabels(candidates, view, canvas);
    const boxes = candidates
      .filter((c) => shown.has(c.id))
      .map((c) => {
        const width = c.width;
        const [left, top] = labelBoxCorner(shown.get(c.id)!, view.x + c.x * view.k, view.y + c.y * view.k, c.radius * view.k, width);
        return [left, top, left + width, top + LABEL_FONT_PX + 4];
      });
    expect(new Set(shown.values()).size).toBeGreaterThan(1);
    expect(boxes.length).toBeLessThan(candidates.length);
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        expect(a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]).toBe(false);
      }
    }
    // And no shown label covers any other concept's circle.
    const shownIds = candidates.filter((c) => shown.has(c.id)).map((c) => c.id);
    boxes.forEach(([left, top, right, bottom], i) => {
      for (const c of candidates) {
        if (c.id === shownIds[i]) continue;
        const [cx, cy, r] = [view.x + c.x * view.k, view.y + c.y * view.k, c.radius * view.k];
        const dx = cx - Math.max(left, Math.min(cx, right));
        const dy = cy - Math.max(top, Math.min(cy, bottom));
        expect(dx * dx + dy * dy >= r * r, `${shownIds[i]}'s label covers ${c.id}`).toBe(true);
      }
    });
    const belowOnly = candidates.filter((c) => shown.get(c.id) === 'below').length;
    expect(boxes.length).toBeGreaterThan(belowOnly);
  });
});
