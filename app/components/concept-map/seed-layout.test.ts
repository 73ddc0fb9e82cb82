import { describe, expect, it } from 'vitest';
import { EDGE_PADDING } from '../../../contract/concept-map';
import { seedPositions } from './seed-layout';

/** A random tree (each concept tied to an earlier one) with cross links, like an extracted map. */
function graph(count: number, seed = 7) {
  let state = seed;
  const next = () => (state = (state * 16807) % 2147483647) / 2147483647;
  const nodes = Array.from({ length: count }, (_, i) => ({ id: `n${i}` }));
  const tree: Array<{ source: string; target: string }> = [];
  const cross: Array<{ source: string; target: string }> = [];
  for (let i = 1; i < count; i++) {
    tree.push({ source: `n${i}`, target: `n${Math.floor(next() * i)}` });
    if (i % 2 === 0) cross.push({ source: `n${i}`, target: `n${Math.floor(next() * count)}` });
  }
  return { nodes, links: [...tree, ...cross], tree };
}
const area = { width: 5000, height: 2800 };
const distance = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

describe('the seeded start of the layout', () => {
  it('starts linked concepts near each other: tree links half as long as the distance between any two concepts, or less', () => {
    const { nodes, links, tree } = graph(2000);
    const at = seedPositions(nodes, links, area);
    const place = (id: string) => at[Number(id.slice(1))];
    const linked = tree.reduce((sum, link) => sum + distance(place(link.source), place(link.target)), 0) / tree.length;
    let any = 0;
    for (let i = 0; i < 1000; i++) any += distance(at[i], at[1999 - i]);
    // About 0.44 here; a start that ignores the links (the old spiral) is near 1.
    expect(linked / (any / 1000)).toBeLessThan(0.5);
  });

  it('puts the heaviest concept in the middle, isolated concepts outside the linked ones, no two in one place, all inside the edges', () => {
    const { nodes, links } = graph(300);
    const lonely = Array.from({ length: 40 }, (_, i) => ({ id: `alone${i}` }));
    const at = seedPositions([...nodes, ...lonely], links, area);
    const middle = { x: area.width / 2, y: area.height / 2 };
    expect(distance(at[0], middle)).toBeLessThan(50);
    const linkedReach = Math.max(...at.slice(0, 300).map((place) => distance(place, middle)));
    for (const place of at.slice(300)) expect(distance(place, middle)).toBeGreaterThan(linkedReach);
    expect(new Set(at.map((place) => `${place.x.toFixed(3)},${place.y.toFixed(3)}`)).size).toBe(at.length);
    for (const place of at) {
      expect(place.x).toBeGreaterThanOrEqual(EDGE_PADDING);
      expect(place.x).toBeLessThanOrEqual(area.width - EDGE_PADDING);
      expect(place.y).toBeGreaterThanOrEqual(EDGE_PADDING);
      expect(place.y).toBeLessThanOrEqual(area.height - EDGE_PADDING);
    }
  });

  it('places a map of one concept, or of none', () => {
    expect(seedPositions([], [], area)).toEqual([]);
    const [only] = seedPositions([{ id: 'a' }], [], area);
    expect(distance(only, { x: area.width / 2, y: area.height / 2 })).toBeLessThan(50);
  });
});
