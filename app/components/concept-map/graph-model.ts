import type { SimulationLinkDatum, SimulationNodeDatum } from 'd3-force';
import type { ConceptMap, MapConcept, MapRelationship } from '../../../server/domain/concept-map';
import { EDGE_PADDING, nodeRadius, visibleRelationships } from '../../../contract/concept-map';

export interface GraphNode extends SimulationNodeDatum {
  id: string;
  concept: MapConcept;
  radius: number;
  /** Placed by a drag: stays where it was dropped until double-clicked. */
  pinned: boolean;
}

export interface GraphLink extends SimulationLinkDatum<GraphNode> {
  id: string;
  relationship: MapRelationship;
  source: string | GraphNode;
  target: string | GraphNode;
}

export interface LayoutArea {
  width: number;
  height: number;
  /** The zoom that shows the whole area in the canvas. */
  fit: number;
}

/** Each concept's radius, 8 to 20 px by its weight: how many passages mention it. */
export function nodeRadii(concepts: MapConcept[]): Map<string, number> {
  const weights = concepts.map((concept) => Math.max(1, concept.sources));
  let min = Infinity;
  let max = -Infinity;
  for (const weight of weights) {
    min = Math.min(min, weight);
    max = Math.max(max, weight);
  }
  return new Map(concepts.map((concept, index) => [concept.id, nodeRadius(weights[index], min, max)]));
}

export function buildNodes(concepts: MapConcept[], previous: Map<string, GraphNode>, area: LayoutArea, radii: Map<string, number>): GraphNode[] {
  return concepts.map((concept, index) => {
    const before = previous.get(concept.id);
    const radius = radii.get(concept.id) ?? nodeRadius(1, 1, 1);
    if (before) return { ...before, concept, radius, vx: 0, vy: 0 };
    // d3's phyllotaxis arrangement, centred: the heaviest concepts start in the middle.
    const distance = 12 * Math.sqrt(0.5 + index);
    const angle = index * Math.PI * (3 - Math.sqrt(5));
    return {
      id: concept.id,
      concept,
      radius,
      pinned: false,
      x: area.width / 2 + distance * Math.cos(angle),
      y: area.height / 2 + distance * Math.sin(angle),
    };
  });
}

export function buildLinks(relationships: MapRelationship[], minStrength: number, nodeIds: Set<string>): GraphLink[] {
  return visibleRelationships(relationships, minStrength)
    .filter((relationship) => nodeIds.has(relationship.source) && nodeIds.has(relationship.target))
    .map((relationship) => ({ id: relationship.id, relationship, source: relationship.source, target: relationship.target }));
}

/**
 * The area the layout spreads over: the canvas for a small map, larger for a big one (about 100
 * concepts fit a canvas), shown zoomed out to fit.
 */
export function layoutArea(canvas: { width: number; height: number }, nodeCount: number): LayoutArea {
  const scale = Math.max(1, Math.sqrt(nodeCount / 100));
  return {
    width: Math.max(canvas.width * scale, 2 * EDGE_PADDING + 1),
    height: Math.max(canvas.height * scale, 2 * EDGE_PADDING + 1),
    fit: 1 / scale,
  };
}

export const endId = (end: string | GraphNode) => (typeof end === 'string' ? end : end.id);

export type { ConceptMap };
