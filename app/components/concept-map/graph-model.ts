import type { SimulationLinkDatum, SimulationNodeDatum } from 'd3-force';
import type { ConceptMap, MapConcept, MapRelationship } from '../../../server/domain/concept-map';
import { EDGE_PADDING, nodeRadius, visibleRelationships } from '../../../contract/concept-map';

interface GraphNode extends SimulationNodeDatum {
  id: string;
}

export interface GraphLink extends SimulationLinkDatum<GraphNode> {
  id: string;
  relationship: MapRelationship;
  source: string | GraphNode;
  target: string | GraphNode;
}

/** From this many concepts a map is "big": drawn less often while it moves, labels kept apart by placement alone. */
export const BIG_MAP = 400;

/**
 * Room the layout keeps around each node for its label. A big map's labels are kept apart by
 * label placement instead (most are hidden until zoomed in), and the wide room made its layout
 * slower and less even (measured: 1.5x the steps' time, 70% more overlapping nodes at 2,000).
 */
export function collidePadding(conceptCount: number, showLabels: boolean): number {
  return showLabels && conceptCount < BIG_MAP ? 12 : 4;
}

export interface LayoutArea {
  width: number;
  height: number;
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
  };
}

export const endId = (end: string | GraphNode) => (typeof end === 'string' ? end : end.id);

export type { ConceptMap };
