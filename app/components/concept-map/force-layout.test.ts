import { describe, expect, it } from 'vitest';
import { ALPHA_MIN, EDGE_PADDING } from '../../../contract/concept-map';
import { ALPHA_START, createForceLayout } from './force-layout';

function graph(count: number) {
  const nodes = Array.from({ length: count }, (_, i) => ({ id: `n${i}`, radius: 8 + (i % 12) }));
  const links = nodes.slice(1).map((node, i) => ({ source: node.id, target: nodes[Math.floor(i / 2)].id, strength: 1 + (i % 10) }));
  return { nodes, links };
}
const area = { width: 1200, height: 620 };

describe('the force layout', () => {
  it('runs until its cooling value falls below 0.01, every node inside the edges', () => {
    const layout = createForceLayout({ ...graph(60), area, collidePadding: 12, alpha: ALPHA_START });
    let settled = false;
    for (let slice = 0; slice < 1000 && !settled; slice++) settled = layout.run(50);
    expect(settled).toBe(true);
    // Cooling from ALPHA_START to below 0.01 in about 40 steps (ALPHA_DECAY).
    expect(layout.ticks()).toBeGreaterThanOrEqual(40);
    expect(layout.ticks()).toBeLessThan(45);
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
    const layout = createForceLayout({ ...graph(20), area, collidePadding: 12, alpha: ALPHA_START });
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
});
