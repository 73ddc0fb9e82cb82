import { describe, expect, it } from 'vitest';
import { ALPHA_MIN, EDGE_PADDING } from '../../../contract/concept-map';
import { createForceLayout, seedPosition } from './force-layout';

function graph(count: number) {
  const nodes = Array.from({ length: count }, (_, i) => ({ id: `n${i}`, radius: 8 + (i % 12) }));
  const links = nodes.slice(1).map((node, i) => ({ source: node.id, target: nodes[Math.floor(i / 2)].id, strength: 1 + (i % 10) }));
  return { nodes, links };
}
const area = { width: 1200, height: 620 };

describe('the force layout', () => {
  it('runs until its cooling value falls below 0.01, every node inside the edges', () => {
    const layout = createForceLayout({ ...graph(60), area, collidePadding: 12, alpha: 1 });
    let settled = false;
    for (let slice = 0; slice < 1000 && !settled; slice++) settled = layout.run(50);
    expect(settled).toBe(true);
    // Cooling from 1 to below 0.01 in about 100 steps (ALPHA_DECAY; d3's default takes 200).
    expect(layout.ticks()).toBeGreaterThan(90);
    expect(layout.ticks()).toBeLessThan(110);
    const xy = layout.positions();
    // Collision joins late (COLLIDE_FROM_ALPHA) and still leaves no two circles overlapping.
    const { nodes } = graph(60);
    for (let a = 0; a < nodes.length; a++) {
      for (let b = a + 1; b < nodes.length; b++) {
        expect(Math.hypot(xy[2 * a] - xy[2 * b], xy[2 * a + 1] - xy[2 * b + 1])).toBeGreaterThan(nodes[a].radius + nodes[b].radius);
      }
    }
    for (let i = 0; i < xy.length; i += 2) {
      expect(xy[i]).toBeGreaterThanOrEqual(EDGE_PADDING);
      expect(xy[i]).toBeLessThanOrEqual(area.width - EDGE_PADDING);
      expect(xy[i + 1]).toBeGreaterThanOrEqual(EDGE_PADDING);
      expect(xy[i + 1]).toBeLessThanOrEqual(area.height - EDGE_PADDING);
    }
    expect(ALPHA_MIN).toBe(0.01);
  });

  it('keeps a held node where it was dropped when it is pinned, and lets it go otherwise', () => {
    const layout = createForceLayout({ ...graph(20), area, collidePadding: 12, alpha: 1 });
    while (!layout.run(50));
    layout.hold(3, 500, 300);
    expect(layout.settled()).toBe(false);
    layout.run(50, 20);
    layout.release(3, true);
    while (!layout.run(50));
    expect([layout.positions()[6], layout.positions()[7]]).toEqual([500, 300]);

    layout.unpin(3);
    expect(layout.settled()).toBe(false);
    while (!layout.run(50));
    expect([layout.positions()[6], layout.positions()[7]]).not.toEqual([500, 300]);
  });

  it('seeds new concepts spread over the area, the first ones in the middle', () => {
    const first = seedPosition(0, 2000, { width: 5400, height: 2800 });
    const last = seedPosition(1999, 2000, { width: 5400, height: 2800 });
    expect(Math.hypot(first.x - 2700, first.y - 1400)).toBeLessThan(100);
    expect(Math.hypot(last.x - 2700, last.y - 1400)).toBeGreaterThan(1000);
  });
});
