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
