import type { Positions } from './use-force-layout';

export interface GraphElements {
  nodes: Map<string, SVGGElement>;
  links: Map<string, SVGGElement>;
}

interface LinkEnds {
  id: string;
  source: string;
  target: string;
}

/** Moves every node and link element to the layout's positions: called once per drawn frame, outside React. */
export function drawGraph(elements: GraphElements, links: LinkEnds[], positions: Positions): void {
  for (const [id, element] of elements.nodes) placeNode(element, id, positions);
  for (const link of links) {
    const element = elements.links.get(link.id);
    if (element) placeLink(element, link, positions);
  }
}

export function placeNode(element: SVGGElement, id: string, { xy, indexOf }: Positions): void {
  const index = indexOf.get(id);
  if (index !== undefined) element.setAttribute('transform', `translate(${Math.round(xy[2 * index])},${Math.round(xy[2 * index + 1])})`);
}

export function placeLink(element: SVGGElement, link: LinkEnds, { xy, indexOf }: Positions): void {
  const source = indexOf.get(link.source);
  const target = indexOf.get(link.target);
  if (source === undefined || target === undefined) return;
  const x1 = Math.round(xy[2 * source]);
  const y1 = Math.round(xy[2 * source + 1]);
  const x2 = Math.round(xy[2 * target]);
  const y2 = Math.round(xy[2 * target + 1]);
  const line = element.firstElementChild as SVGLineElement | null;
  if (!line) return;
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
