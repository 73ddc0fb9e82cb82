import { memo, useMemo, type KeyboardEvent } from 'react';
import type { MapConcept } from '../../../server/domain/concept-map';
import { CONCEPT_TYPE_MAP, linkWidth, truncateLabel } from '../../../contract/concept-map';
import { endId, type GraphLink } from './graph-model';

/**
 * Each layer is drawn in runs of this many elements, each its own component: a run that has not
 * changed is not rendered again, so mounting a big map a few runs per frame (use-mounted-count.ts)
 * costs each frame only its new elements.
 */
const RUN = 100;
// Each run is its own <g>, built whole and then added: one change to the document per run, not one per
// element (Remix's link discovery looks through the parent of every element added).

function runsOf<T>(items: T[]): T[][] {
  const runs: T[][] = [];
  for (let start = 0; start < items.length; start += RUN) runs.push(items.slice(start, start + RUN));
  return runs;
}

interface LinkLayerProps {
  links: GraphLink[];
  /** How many of the links are in the document yet (the first ones). */
  mounted: number;
  highlighted: string | null;
  /** Called with each element as it is added (place it) and with null as it goes. */
  register(id: string, element: SVGGElement | null): void;
}

/** The relationships: lines moved by the layout outside React; the hovered concept's ones show their label. */
export const LinkLayer = memo(function LinkLayer({ links, mounted, highlighted, register }: LinkLayerProps) {
  const runs = useMemo(() => runsOf(links), [links]);
  return (
    <g className="cm-links">
      {runs.slice(0, Math.ceil(mounted / RUN)).map((run) => (
        <LinkRun key={run[0].id} links={run} highlighted={highlighted} register={register} />
      ))}
    </g>
  );
});

const LinkRun = memo(function LinkRun({ links, highlighted, register }: Omit<LinkLayerProps, 'mounted'>) {
  return (
    <g>
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
  /** How many of the concepts are in the document yet (the first, heaviest ones). */
  mounted: number;
  radii: Map<string, number>;
  showLabels: boolean;
  highlighted: string | null;
  related: Set<string> | undefined;
  tabStop: string | undefined;
  isPinned(id: string): boolean;
  /** Called with each element as it is added (place it) and with null as it goes. */
  register(id: string, element: SVGGElement | null): void;
  onEnter(id: string): void;
  onLeave(): void;
  onFocus(id: string): void;
  onKey(event: KeyboardEvent<SVGGElement>, id: string): void;
  onUnpin(id: string): void;
}

/** The concepts: a circle per concept, sized by weight and coloured by type, with its label below. */
export const NodeLayer = memo(function NodeLayer({ concepts, mounted, ...props }: NodeLayerProps) {
  const runs = useMemo(() => runsOf(concepts), [concepts]);
  return (
    <g className="cm-nodes">
      {runs.slice(0, Math.ceil(mounted / RUN)).map((run) => (
        <NodeRun key={run[0].id} concepts={run} {...props} />
      ))}
    </g>
  );
});

const NodeRun = memo(function NodeRun(props: Omit<NodeLayerProps, 'mounted'>) {
  const { concepts, radii, showLabels, highlighted, related, tabStop, register } = props;
  return (
    <g>
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
