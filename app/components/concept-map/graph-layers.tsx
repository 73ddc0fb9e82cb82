import { memo, useEffect, type KeyboardEvent } from 'react';
import type { MapConcept } from '../../../server/domain/concept-map';
import { CONCEPT_TYPE_MAP, linkWidth, truncateLabel } from '../../../contract/concept-map';
import { endId, type GraphLink } from './graph-model';

interface LinkLayerProps {
  links: GraphLink[];
  highlighted: string | null;
  register(id: string, element: SVGGElement | null): void;
  /** Called after each render of the layer: its elements need placing. */
  rendered(): void;
}

/** The relationships: lines moved by the layout outside React; the hovered concept's ones show their label. */
export const LinkLayer = memo(function LinkLayer({ links, highlighted, register, rendered }: LinkLayerProps) {
  useEffect(() => rendered());
  return (
    <g className="cm-links">
      {links.map((link) => {
        const touches = highlighted !== null && (endId(link.source) === highlighted || endId(link.target) === highlighted);
        return (
          <g
            key={link.id}
            ref={(element) => register(link.id, element)}
            className={touches ? 'cm-link is-active' : 'cm-link'}
            data-strength={link.relationship.strength}
          >
            <line strokeWidth={linkWidth(link.relationship.strength)} />
            {touches && (
              <text className="cm-link-label" textAnchor="middle" dy="-0.4em">
                {link.relationship.relationship}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
});

interface NodeLayerProps {
  concepts: MapConcept[];
  radii: Map<string, number>;
  showLabels: boolean;
  highlighted: string | null;
  related: Set<string> | undefined;
  tabStop: string | undefined;
  isPinned(id: string): boolean;
  register(id: string, element: SVGGElement | null): void;
  onEnter(id: string): void;
  onLeave(): void;
  onFocus(id: string): void;
  onKey(event: KeyboardEvent<SVGGElement>, id: string): void;
  onUnpin(id: string): void;
  /** Called after each render of the layer: its elements need placing. */
  rendered(): void;
}

/** The concepts: a circle per concept, sized by weight and coloured by type, with its label below. */
export const NodeLayer = memo(function NodeLayer(props: NodeLayerProps) {
  const { concepts, radii, showLabels, highlighted, related, tabStop, register, rendered } = props;
  useEffect(() => rendered());
  return (
    <g className="cm-nodes">
      {concepts.map((concept) => {
        const radius = radii.get(concept.id) ?? 8;
        const state = concept.id === highlighted ? ' is-active' : related?.has(concept.id) ? ' is-related' : '';
        return (
          <g
            key={concept.id}
            ref={(element) => register(concept.id, element)}
            // Labels start hidden: placing them (use-label-placement) shows those that fit.
            className={`cm-node label-hidden${state}${props.isPinned(concept.id) ? ' is-pinned' : ''}`}
            data-node-id={concept.id}
            data-type={concept.type}
            tabIndex={concept.id === tabStop ? 0 : -1}
            role="button"
            aria-label={`${concept.name}, ${CONCEPT_TYPE_MAP[concept.type].name}`}
            onPointerEnter={() => props.onEnter(concept.id)}
            onPointerLeave={props.onLeave}
            onFocus={() => props.onFocus(concept.id)}
            onBlur={props.onLeave}
            onKeyDown={(event) => props.onKey(event, concept.id)}
            onDoubleClick={() => props.onUnpin(concept.id)}
          >
            <circle r={radius} fill={concept.visual.color} />
            {showLabels && (
              // Below the circle, one line down in the label's own (zoom-independent) size.
              <text className="cm-label" y={radius} dy="1.05em" textAnchor="middle">
                {truncateLabel(concept.name)}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
});
