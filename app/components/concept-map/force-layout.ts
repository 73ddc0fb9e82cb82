/**
 * The concept map's force layout: d3-force with the spec's forces (link rest length
 * 100 × (1 + strength/10), repulsion under 300 px, positions clamped 30 px from the edges),
 * stepped in time slices until its cooling value falls below 0.01. Pure: it runs in the layout
 * worker (layout.worker.ts) and in unit tests, and knows nothing of the DOM.
 */
import { forceCollide, forceLink, forceManyBody, forceSimulation, forceX, forceY, type Simulation, type SimulationNodeDatum } from 'd3-force';
import { ALPHA_MIN, clampToCanvas, linkDistance, REPULSION_DISTANCE_MAX } from '../../../contract/concept-map';
import { seedPositions } from './seed-layout';

/**
 * Barnes-Hut accuracy of the repulsion. d3's default (0.9) compares each node with more of the
 * quadtree; 1.2 halves the cost of a step at 2,000 concepts with no more overlapping nodes
 * (measured: bench/concept-map, docs/benchmarks.md).
 */
export const REPULSION_THETA = 1.2;
const REPULSION_STRENGTH = -300;
/**
 * A new layout starts this cool: its concepts are seeded by the graph's structure
 * (seed-layout.ts), so the strong early steps that untangle a random start would only throw that
 * away. A layout that only relaxes (weaker links hidden, an updated map) starts from its previous
 * places, as good a start, and cools the same way.
 */
export const ALPHA_START = 0.2;
/**
 * Cooling per step: from ALPHA_START to the spec's 0.01 in 40 steps (d3's default decay takes 200
 * from 1). Measured at 100, 500 and 2,000 concepts: links as long and as many crossings as 100
 * steps from a spiral at alpha 1, no overlapping circles (bench/concept-map, docs/benchmarks.md).
 */
export const ALPHA_DECAY = 1 - (ALPHA_MIN / ALPHA_START) ** (1 / 40);
/**
 * Collision (the costliest force per step) joins only once the layout has cooled to this value
 * (the last ~20 steps): before that the repulsion keeps nodes apart, and overlaps are what is
 * left to settle at the end.
 */
export const COLLIDE_FROM_ALPHA = 0.05;
const CENTRE_PULL = 0.03;

export interface LayoutNode {
  id: string;
  radius: number;
  /** Where it starts: its previous place, or unset for a new concept (seeded by seedPositions). */
  x?: number;
  y?: number;
  /** Pinned by a drag. */
  fx?: number | null;
  fy?: number | null;
}

export interface LayoutLink {
  source: string;
  target: string;
  strength: number;
}

export interface LayoutArea {
  width: number;
  height: number;
}

export interface LayoutInput {
  nodes: LayoutNode[];
  links: LayoutLink[];
  area: LayoutArea;
  /** Room kept around each node for its label. */
  collidePadding: number;
  /** The starting cooling value (ALPHA_START). */
  alpha: number;
}

interface SimNode extends SimulationNodeDatum {
  id: string;
  radius: number;
}

export interface ForceLayout {
  /** Steps until the budget (ms) is spent or the layout settles; true once settled. */
  run(budgetMs: number, maxTicks?: number): boolean;
  settled(): boolean;
  ticks(): number;
  /** x0, y0, x1, y1, … in the input's node order. */
  positions(into?: Float64Array): Float64Array;
  /** A drag holds the node at (x, y) and keeps the layout warm. */
  hold(index: number, x: number, y: number): void;
  /** The drag ended: pinned nodes stay where they are, others are let go. */
  release(index: number, pinned: boolean): void;
  unpin(index: number): void;
}

export function createForceLayout(input: LayoutInput): ForceLayout {
  const { area } = input;
  const unplaced = input.nodes.some((node) => node.x === undefined || node.y === undefined);
  const seeds = unplaced ? seedPositions(input.nodes, input.links, area) : [];
  const nodes: SimNode[] = input.nodes.map((node, index) => {
    const seeded = node.x === undefined || node.y === undefined ? seeds[index] : { x: node.x, y: node.y };
    return { id: node.id, radius: node.radius, x: seeded.x, y: seeded.y, fx: node.fx ?? null, fy: node.fy ?? null };
  });
  const known = new Set(nodes.map((node) => node.id));
  const links = input.links
    .filter((link) => known.has(link.source) && known.has(link.target))
    .map((link) => ({ source: link.source, target: link.target, strength: link.strength }));

  const simulation: Simulation<SimNode, undefined> = forceSimulation<SimNode>(nodes)
    .alphaMin(ALPHA_MIN)
    .alphaDecay(ALPHA_DECAY)
    .alpha(input.alpha)
    .force(
      'link',
      forceLink<SimNode, (typeof links)[number] & { source: string | SimNode; target: string | SimNode }>(links)
        .id((node) => node.id)
        .distance((link) => linkDistance(link.strength)),
    )
    .force('charge', forceManyBody<SimNode>().strength(REPULSION_STRENGTH).distanceMax(REPULSION_DISTANCE_MAX).theta(REPULSION_THETA))
    // A gentle pull to the middle keeps unrelated concepts from drifting to the edges.
    .force('x', forceX<SimNode>(area.width / 2).strength(CENTRE_PULL))
    .force('y', forceY<SimNode>(area.height / 2).strength(CENTRE_PULL))
    .stop();

  const collide = forceCollide<SimNode>((node) => node.radius + input.collidePadding);
  let colliding = false;
  const collideWhenCool = () => {
    if (colliding || simulation.alpha() >= COLLIDE_FROM_ALPHA) return;
    simulation.force('collide', collide);
    colliding = true;
  };
  collideWhenCool();

  let ticks = 0;
  const settled = () => simulation.alpha() < ALPHA_MIN && simulation.alphaTarget() < ALPHA_MIN;
  const clamp = () => {
    for (const node of nodes) {
      node.x = clampToCanvas(node.x ?? 0, area.width);
      node.y = clampToCanvas(node.y ?? 0, area.height);
    }
  };

  return {
    run(budgetMs, maxTicks = Infinity) {
      const started = performance.now();
      let count = 0;
      while (!settled() && count < maxTicks && performance.now() - started < budgetMs) {
        simulation.tick();
        clamp();
        collideWhenCool();
        ticks += 1;
        count += 1;
      }
      return settled();
    },
    settled,
    ticks: () => ticks,
    positions(into = new Float64Array(nodes.length * 2)) {
      nodes.forEach((node, index) => {
        into[2 * index] = node.x ?? 0;
        into[2 * index + 1] = node.y ?? 0;
      });
      return into;
    },
    hold(index, x, y) {
      const node = nodes[index];
      if (!node) return;
      node.fx = clampToCanvas(x, area.width);
      node.fy = clampToCanvas(y, area.height);
      simulation.alphaTarget(0.3);
    },
    release(index, pinned) {
      simulation.alphaTarget(0);
      const node = nodes[index];
      if (!node || pinned) return;
      node.fx = null;
      node.fy = null;
    },
    unpin(index) {
      const node = nodes[index];
      if (!node) return;
      node.fx = null;
      node.fy = null;
      simulation.alpha(Math.max(simulation.alpha(), 0.3));
    },
  };
}
