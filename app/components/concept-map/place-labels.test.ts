import { describe, expect, it } from 'vitest';
import { placeLabels, type LabelCandidate } from './place-labels';

const at = (id: string, x: number, y: number, length = 10): LabelCandidate => ({ id, x, y, radius: 10, length });

describe('placeLabels', () => {
  it('shows every label that has room', () => {
    const shown = placeLabels([at('a', 100, 100), at('b', 300, 100), at('c', 100, 300)], { k: 1, x: 0, y: 0 }, { width: 800, height: 600 });
    expect([...shown]).toEqual(['a', 'b', 'c']);
  });

  it('keeps the heavier of two labels that would overlap, and shows both once zoomed in', () => {
    const candidates = [at('heavy', 100, 100), at('light', 120, 104)];
    expect([...placeLabels(candidates, { k: 1, x: 0, y: 0 }, { width: 800, height: 600 })]).toEqual(['heavy']);
    expect([...placeLabels(candidates, { k: 5, x: -300, y: -300 }, { width: 800, height: 600 })]).toEqual(['heavy', 'light']);
  });

  it('leaves out labels outside the canvas', () => {
    const shown = placeLabels([at('in', 100, 100), at('out', 2000, 100)], { k: 1, x: 0, y: 0 }, { width: 800, height: 600 });
    expect([...shown]).toEqual(['in']);
  });

  it('never places two overlapping labels among many crowded concepts', () => {
    const candidates = Array.from({ length: 400 }, (_, i) => at(`n${i}`, (i * 37) % 500, (i * 53) % 400, 4 + (i % 12)));
    const view = { k: 0.8, x: 10, y: 10 };
    const shown = placeLabels(candidates, view, { width: 800, height: 600 });
    const boxes = candidates
      .filter((c) => shown.has(c.id))
      .map((c) => {
        const width = c.length * 6.6 + 6;
        const cx = view.x + c.x * view.k;
        const top = view.y + (c.y + c.radius) * view.k + 1;
        return [cx - width / 2, top, cx + width / 2, top + 15];
      });
    expect(boxes.length).toBeGreaterThan(10);
    expect(boxes.length).toBeLessThan(candidates.length);
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        expect(a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]).toBe(false);
      }
    }
  });
});
