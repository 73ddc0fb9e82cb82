import type { Positions } from './use-force-layout';

interface LinkEnds {
  id: string;
  source: string;
  target: string;
}

/**
 * Script time a frame's part of a redraw may take. Moving thousands of elements at once (a big
 * map's redraw) was one task of 130-330 ms with its style, layout and paint, and held up input;
 * a few ms a frame keeps each frame short. A small map is still drawn in one frame.
 */
const SLICE_MS = 6;
/** Elements moved between looks at the clock. */
const STRIDE = 50;
const NOT_DRAWN = -2147483648;

/**
 * Moves the graph's elements to the layout's positions outside React, over as many animation
 * frames as it takes (SLICE_MS of script each), and only the elements whose place on screen
 * changed by a pixel or more. New positions arriving before a pass ends are drawn from where it
 * stands, so each element gets the latest; a held (dragged) node and its links are moved first.
 */
export class GraphDrawer {
  private readonly nodes = new Map<string, SVGGElement>();
  private readonly links = new Map<string, SVGGElement>();
  private linkEnds: LinkEnds[] = [];
  private linksOf = new Map<string, number[]>();
  private linkIndex = new Map<string, number>();
  private target: Positions | null = null;
  /** The rounded place each node (by its index in the positions) and link (x1, y1, x2, y2) was last moved to. */
  private nodeDrawn = new Int32Array(0);
  private linkDrawn = new Int32Array(0);
  private cursor = 0;
  private left = 0;
  private readonly held = new Set<string>();
  private frame = 0;

  /**
   * @param fallback where an element goes if it is added before anything was drawn (the layout's first places)
   * @param passDone called when every element stands at the latest positions (place the labels)
   */
  constructor(
    private readonly fallback: () => Positions | null,
    private readonly passDone: () => void,
  ) {}

  /** The links in the layout's order (a new set of visible links). */
  setLinks(links: LinkEnds[]): void {
    if (links === this.linkEnds) return;
    this.linkEnds = links;
    this.linkDrawn = new Int32Array(4 * links.length).fill(NOT_DRAWN);
    this.linksOf = new Map();
    this.linkIndex = new Map();
    links.forEach((link, index) => {
      this.linkIndex.set(link.id, index);
      for (const end of [link.source, link.target]) {
        const list = this.linksOf.get(end);
        if (list) list.push(index);
        else this.linksOf.set(end, [index]);
      }
    });
  }

  /** Draws `positions`: part now (called in an animation frame), the rest over the next frames. */
  draw(positions: Positions): void {
    if (positions.ids !== this.target?.ids) {
      this.nodeDrawn = new Int32Array(2 * positions.ids.length).fill(NOT_DRAWN);
      this.cursor = 0;
    }
    this.target = positions;
    this.left = positions.ids.length + this.linkEnds.length;
    if (this.frame) {
      cancelAnimationFrame(this.frame);
      this.frame = 0;
    }
    this.slice();
  }

  /** A node being dragged: it and its links move first in each frame. */
  hold(id: string): void {
    this.held.add(id);
  }

  /** An element added (placed at once) or gone (null). */
  node(id: string, element: SVGGElement | null): void {
    if (!element) {
      this.nodes.delete(id);
      return;
    }
    this.nodes.set(id, element);
    const positions = this.target ?? this.fallback();
    const index = positions?.indexOf.get(id);
    if (positions && index !== undefined) this.moveNode(element, index, positions, true);
  }

  link(id: string, element: SVGGElement | null): void {
    if (!element) {
      this.links.delete(id);
      return;
    }
    this.links.set(id, element);
    const positions = this.target ?? this.fallback();
    const index = this.linkIndex.get(id);
    if (positions && index !== undefined) this.moveLink(element, index, positions, true);
  }

  stop(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  private slice(): void {
    this.frame = 0;
    const positions = this.target;
    if (!positions) return;
    for (const id of this.held) {
      const index = positions.indexOf.get(id);
      const element = this.nodes.get(id);
      if (element && index !== undefined) this.moveNode(element, index, positions, false);
      for (const link of this.linksOf.get(id) ?? []) {
        const linkElement = this.links.get(this.linkEnds[link].id);
        if (linkElement) this.moveLink(linkElement, link, positions, false);
      }
    }
    this.held.clear();
    const nodeCount = positions.ids.length;
    const total = nodeCount + this.linkEnds.length;
    const started = performance.now();
    while (this.left > 0) {
      for (let step = 0; step < STRIDE && this.left > 0; step++) {
        const unit = this.cursor % total;
        if (unit < nodeCount) {
          const element = this.nodes.get(positions.ids[unit]);
          if (element) this.moveNode(element, unit, positions, false);
        } else {
          const element = this.links.get(this.linkEnds[unit - nodeCount].id);
          if (element) this.moveLink(element, unit - nodeCount, positions, false);
        }
        this.cursor = (unit + 1) % total;
        this.left -= 1;
      }
      if (performance.now() - started >= SLICE_MS) break;
    }
    if (this.left > 0) this.frame = requestAnimationFrame(() => this.slice());
    else this.passDone();
  }

  /** `always`: an element just added, placed whatever was drawn before. */
  private moveNode(element: SVGGElement, index: number, positions: Positions, always: boolean): void {
    const x = Math.round(positions.xy[2 * index]);
    const y = Math.round(positions.xy[2 * index + 1]);
    if (positions === this.target) {
      if (!always && this.nodeDrawn[2 * index] === x && this.nodeDrawn[2 * index + 1] === y) return;
      this.nodeDrawn[2 * index] = x;
      this.nodeDrawn[2 * index + 1] = y;
    }
    element.setAttribute('transform', `translate(${x},${y})`);
  }

  private moveLink(element: SVGGElement, index: number, positions: Positions, always: boolean): void {
    const { xy, indexOf } = positions;
    const link = this.linkEnds[index];
    const source = indexOf.get(link.source);
    const target = indexOf.get(link.target);
    const line = element.firstElementChild as SVGLineElement | null;
    if (source === undefined || target === undefined || !line) return;
    const x1 = Math.round(xy[2 * source]);
    const y1 = Math.round(xy[2 * source + 1]);
    const x2 = Math.round(xy[2 * target]);
    const y2 = Math.round(xy[2 * target + 1]);
    if (positions === this.target) {
      const drawn = this.linkDrawn;
      const at = 4 * index;
      if (!always && drawn[at] === x1 && drawn[at + 1] === y1 && drawn[at + 2] === x2 && drawn[at + 3] === y2) return;
      drawn[at] = x1;
      drawn[at + 1] = y1;
      drawn[at + 2] = x2;
      drawn[at + 3] = y2;
    }
    // Set as numbers: about half the time of setAttribute with strings for thousands of lines (Chromium).
    line.x1.baseVal.value = x1;
    line.y1.baseVal.value = y1;
    line.x2.baseVal.value = x2;
    line.y2.baseVal.value = y2;
    // The hovered concept's links carry their label at the middle.
    const label = line.nextElementSibling as SVGTextElement | null;
    label?.setAttribute('x', String(Math.round((x1 + x2) / 2)));
    label?.setAttribute('y', String(Math.round((y1 + y2) / 2)));
  }
}
