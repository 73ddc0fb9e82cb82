/**
 * Where concepts start before the force layout moves them: placed by the graph's structure, so
 * the layout only polishes (a few dozen steps from a low cooling value) instead of untangling a
 * random start. Pure and linear in the map's size: the page calls it for its first drawing and
 * the layout worker for any concept without a place.
 */
import { clampToCanvas } from '../../../contract/concept-map';

/**
 * Room per concept in the seed, px²-wise a square of this side: about the density the layout
 * settles at for a big map (2,000 concepts fill a disc some 2,000 px across).
 */
const SEED_SPACING = 45;
const GOLDEN = (Math.sqrt(5) - 1) / 2;

interface SeedArea {
  width: number;
  height: number;
}

/**
 * A radial tree per connected group: a breadth-first tree from each group's heaviest concept
 * (nodes come heaviest first), every concept on the ring of its depth and inside its parent's
 * wedge, each subtree's wedge as wide as its share of concepts. The biggest group is the centre;
 * the others (isolated concepts too) share the rings outside it. Ring radii grow so the disc out
 * to each ring holds its concepts at SEED_SPACING, so density is even from the middle out.
 * Linked concepts start close and subtrees apart, which is most of what the layout has to find.
 */
export function seedPositions(
  nodes: ReadonlyArray<{ id: string }>,
  links: ReadonlyArray<{ source: string; target: string }>,
  area: SeedArea,
): Array<{ x: number; y: number }> {
  const count = nodes.length;
  const index = new Map(nodes.map((node, i) => [node.id, i]));
  const neighbours: number[][] = nodes.map(() => []);
  for (const link of links) {
    const a = index.get(link.source);
    const b = index.get(link.target);
    if (a === undefined || b === undefined || a === b) continue;
    neighbours[a].push(b);
    neighbours[b].push(a);
  }

  // Breadth-first trees, one per group, rooted at its first (heaviest) concept.
  const parent = new Int32Array(count).fill(-1);
  const depth = new Int32Array(count);
  const placed = new Uint8Array(count);
  const groups: number[][] = [];
  for (let root = 0; root < count; root++) {
    if (placed[root]) continue;
    placed[root] = 1;
    const group = [root];
    for (let head = 0; head < group.length; head++) {
      const node = group[head];
      for (const next of neighbours[node]) {
        if (placed[next]) continue;
        placed[next] = 1;
        parent[next] = node;
        depth[next] = depth[node] + 1;
        group.push(next);
      }
    }
    groups.push(group);
  }
  // The biggest group in the middle; the rest outside it, on rings of their own.
  groups.sort((a, b) => b.length - a.length);
  const [centre = [], ...others] = groups;
  let outerDepth = 0;
  for (const node of centre) outerDepth = Math.max(outerDepth, depth[node]);
  for (const group of others) for (const node of group) depth[node] += outerDepth + 1;

  // Wedges: each concept's share of its parent's angle, by the size of its subtree.
  const size = new Float64Array(count).fill(1);
  const start = new Float64Array(count);
  const span = new Float64Array(count);
  const angle = new Float64Array(count);
  const cursor = new Float64Array(count);
  const spread = (group: number[], from: number, width: number) => {
    for (let i = group.length - 1; i > 0; i--) size[parent[group[i]]] += size[group[i]];
    start[group[0]] = from;
    span[group[0]] = width;
    for (const node of group) {
      const up = parent[node];
      if (up >= 0) {
        start[node] = cursor[up];
        span[node] = (span[up] * size[node]) / (size[up] - 1);
        cursor[up] += span[node];
      }
      cursor[node] = start[node];
      angle[node] = start[node] + span[node] / 2;
    }
  };
  spread(centre, 0, 2 * Math.PI);
  const outside = others.reduce((total, group) => total + group.length, 0);
  let from = 0;
  for (const group of others) {
    const width = (2 * Math.PI * group.length) / outside;
    spread(group, from, width);
    from += width;
  }

  // Ring radii: the disc out to ring d holds every concept up to it.
  let rings = 0;
  for (let i = 0; i < count; i++) rings = Math.max(rings, depth[i] + 1);
  const outer = new Float64Array(rings);
  for (let i = 0; i < count; i++) outer[depth[i]] += 1;
  for (let ring = 1; ring < rings; ring++) outer[ring] += outer[ring - 1];
  for (let ring = 0; ring < rings; ring++) outer[ring] = SEED_SPACING * Math.sqrt(outer[ring] / Math.PI);

  // Within its ring a concept sits at a golden-ratio step of the ring's width, so neighbours on
  // a ring do not line up on one circle.
  const onRing = new Int32Array(rings);
  const cx = area.width / 2;
  const cy = area.height / 2;
  const positions = new Array<{ x: number; y: number }>(count);
  for (const group of [centre, ...others]) {
    for (const node of group) {
      const ring = depth[node];
      const inner = ring === 0 ? 0 : outer[ring - 1];
      const share = (onRing[ring]++ * GOLDEN) % 1;
      const radius = inner + (outer[ring] - inner) * (0.15 + 0.7 * share);
      positions[node] = {
        x: clampToCanvas(cx + radius * Math.cos(angle[node]), area.width),
        y: clampToCanvas(cy + radius * Math.sin(angle[node]), area.height),
      };
    }
  }
  return positions;
}
