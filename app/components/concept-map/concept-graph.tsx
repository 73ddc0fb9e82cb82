/**
 * The live concept map: an SVG whose layout is computed in a web worker (use-force-layout) and
 * drawn by moving the elements directly (positions never pass through React state), so a map of
 * thousands of concepts settles without holding up the page. Loaded lazily: only this screen
 * carries d3-force.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { MapConcept, MapRelationship } from '../../../server/domain/concept-map';
import type { ConceptMapSettings } from '../../../contract/concept-map';
import { ConceptTooltip } from './concept-tooltip';
import { GraphDrawer } from './draw-graph';
import { LinkLayer, NodeLayer } from './graph-layers';
import { buildLinks, collidePadding, endId, layoutArea, nodeRadii } from './graph-model';
import { useCanvasWidth } from './use-canvas-width';
import { useForceLayout, type Positions } from './use-force-layout';
import { useGraphPointer } from './use-graph-pointer';
import { useLabelPlacement } from './use-label-placement';
import { useMountedCount } from './use-mounted-count';
import { useView } from './use-view';
import { ZoomToolbar } from './zoom-toolbar';

export interface ConceptGraphProps {
  concepts: MapConcept[];
  relationships: MapRelationship[];
  settings: ConceptMapSettings;
  height?: number;
  /** Changes with each generation or update (the map's last_updated): the view fits the map again. */
  builtAt?: string | null;
}

const CANVAS_HEIGHT = 620;
/**
 * Concepts added to the document per frame (links in proportion): see use-mounted-count.ts. One
 * run of graph-layers.tsx a frame (at 125, every fourth frame added two runs).
 */
const CONCEPTS_PER_FRAME = 100;

export default function ConceptGraph({
  concepts: givenConcepts,
  relationships: givenRelationships,
  settings,
  height = CANVAS_HEIGHT,
  builtAt = null,
}: ConceptGraphProps) {
  // The same map fetched again (after a revalidation) must not restart the layout.
  const concepts = useStable(givenConcepts, (concept) => `${concept.id}:${concept.sources}:${concept.type}:${concept.name}`);
  const relationships = useStable(givenRelationships, (relationship) => `${relationship.id}:${relationship.strength}`);
  const containerRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const viewportRef = useRef<SVGGElement>(null);
  const nodeElements = useRef(new Map<string, SVGGElement>());
  const width = useCanvasWidth(containerRef);
  const canvas = useMemo(() => ({ width, height }), [width, height]);
  const canvasRef = useRef(canvas);
  canvasRef.current = canvas;

  const [focusId, setFocusId] = useState<string | null>(null);
  const [tipId, setTipId] = useState<string | null>(null);

  // A map of a few concepts is laid out over the canvas; a big one over a larger area. Sized once
  // per map from the canvas at that time: resizing the window later changes the view, not the layout.
  const measured = width > 0;
  const area = useMemo(() => (measured ? layoutArea(canvasRef.current, concepts.length) : null), [measured, concepts.length]);
  const radii = useMemo(() => nodeRadii(concepts), [concepts]);
  const conceptById = useMemo(() => new Map(concepts.map((concept) => [concept.id, concept])), [concepts]);
  const links = useMemo(
    () => buildLinks(relationships, settings.min_strength, new Set(concepts.map((concept) => concept.id))),
    [relationships, settings.min_strength, concepts],
  );
  const layoutNodes = useMemo(() => concepts.map((concept) => ({ id: concept.id, radius: radii.get(concept.id) ?? 8 })), [concepts, radii]);
  const layoutLinks = useMemo(
    () => links.map((link) => ({ id: link.id, source: endId(link.source), target: endId(link.target), strength: link.relationship.strength })),
    [links],
  );
  const neighbours = useMemo(() => neighboursOf(links), [links]);

  const positionsRef = useRef<Positions | null>(null);
  // Concepts whose name has no room beside their circle at this zoom (shown on hover and focus).
  const [hiddenLabels, setHiddenLabels] = useState(0);
  const viewRef = useRef<ReturnType<typeof useView> | null>(null);
  const labels = useLabelPlacement({
    concepts,
    radii,
    showLabels: settings.show_labels,
    nodeElements,
    positions: positionsRef,
    view: () => viewRef.current?.view.current ?? { k: 1, x: 0, y: 0 },
    canvas: () => canvasRef.current,
    onHiddenCount: setHiddenLabels,
  });
  const view = useView(svgRef, viewportRef, labels.updateSoon);
  viewRef.current = view;

  // Where an element goes as it is added before anything was drawn: the layout's first places.
  const firstPlaces = useRef<() => Positions | null>(() => null);
  const labelsRef = useRef(labels);
  labelsRef.current = labels;
  const [drawer] = useState(
    () =>
      new GraphDrawer(
        () => firstPlaces.current(),
        () => labelsRef.current.update(),
      ),
  );
  useEffect(() => () => drawer.stop(), [drawer]);
  // Before this render's elements are added (their ref callbacks place them by these links).
  drawer.setLinks(layoutLinks);
  const draw = useCallback(
    (positions: Positions) => {
      positionsRef.current = positions;
      drawer.draw(positions);
    },
    [drawer],
  );

  // Each new map (a generation, an update) is fitted once it settles, unless the view was moved meanwhile.
  // A new build with the same concepts does not move the layout: it is fitted as it stands.
  const fitPending = useRef(false);
  const settled = useCallback(
    (newConcepts: boolean) => {
      if (((newConcepts && !view.touched.current) || fitPending.current) && positionsRef.current) view.fit(positionsRef.current.xy, canvasRef.current);
      fitPending.current = false;
    },
    [view],
  );
  const layout = useForceLayout({
    nodes: layoutNodes,
    links: layoutLinks,
    area,
    collidePadding: collidePadding(concepts.length, settings.show_labels),
    draw,
    settled,
  });
  const lastBuild = useRef(builtAt);
  useEffect(() => {
    if (lastBuild.current === builtAt) return;
    lastBuild.current = builtAt;
    if (layout.state.running) fitPending.current = true;
    else if (positionsRef.current) view.fit(positionsRef.current.xy, canvasRef.current);
  }, [builtAt, layout.state.running, view]);

  // Until the first layout settles, the whole layout area is in view.
  const fittedArea = useRef<typeof area>(null);
  useEffect(() => {
    if (!area || fittedArea.current === area) return;
    fittedArea.current = area;
    const k = Math.min(1, canvasRef.current.width / area.width, canvasRef.current.height / area.height);
    view.apply({ k, x: (canvasRef.current.width - area.width * k) / 2, y: (canvasRef.current.height - area.height * k) / 2 }, false);
  }, [area, view]);

  // The elements go into the document over several frames once the layout has its first places
  // (a big map's thousands at once were one long task), each put in place as it is added.
  const mountedConcepts = useMountedCount(concepts.length, area !== null, CONCEPTS_PER_FRAME);
  const mountedLinks = mountedConcepts === concepts.length ? links.length : Math.ceil((mountedConcepts / concepts.length) * links.length);
  const layoutPositions = layout.positions;
  firstPlaces.current = () => (layoutPositions.current.ids.length > 0 ? layoutPositions.current : null);
  // Concepts (re)rendered by a layer start with their labels hidden: place the labels again.
  const nodesRendered = useRef(false);
  useEffect(() => {
    if (!nodesRendered.current) return;
    nodesRendered.current = false;
    labels.update();
  });

  const showTip = useCallback((id: string) => setTipId(id), []);
  const hideTip = useCallback(() => setTipId(null), []);
  const pointer = useGraphPointer({
    svgRef,
    view: view.view,
    applyView: view.apply,
    positionOf: layout.positionOf,
    hold: (id, x, y) => {
      drawer.hold(id);
      layout.hold(id, x, y);
    },
    release: (id, moved) => {
      layout.release(id, moved);
      if (moved) nodeElements.current.get(id)?.classList.add('is-pinned');
    },
    select: (id) => {
      setFocusId(id);
      showTip(id);
    },
    hideTip,
  });

  const unpin = useCallback(
    (id: string) => {
      layout.unpin(id);
      nodeElements.current.get(id)?.classList.remove('is-pinned');
    },
    [layout.unpin],
  );

  const onNodeKey = useCallback(
    (event: KeyboardEvent<SVGGElement>, id: string) => {
      const steps: Record<string, number | 'first' | 'last'> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: 'first', End: 'last' };
      const step = steps[event.key];
      if (step !== undefined) {
        event.preventDefault();
        const index = concepts.findIndex((concept) => concept.id === id);
        const next = step === 'first' ? concepts[0] : step === 'last' ? concepts.at(-1) : concepts[Math.min(concepts.length - 1, Math.max(0, index + step))];
        if (!next) return;
        setFocusId(next.id);
        nodeElements.current.get(next.id)?.focus();
      } else if (event.key === 'Escape') {
        hideTip();
      }
    },
    [concepts, hideTip],
  );

  const related = tipId ? neighbours.get(tipId) : undefined;
  const tabStop = focusId && conceptById.has(focusId) ? focusId : concepts[0]?.id;
  const registerLink = useCallback((id: string, element: SVGGElement | null) => drawer.link(id, element), [drawer]);
  const registerNode = useCallback(
    (id: string, element: SVGGElement | null) => {
      if (element) {
        nodeElements.current.set(id, element);
        nodesRendered.current = true;
      } else {
        nodeElements.current.delete(id);
      }
      drawer.node(id, element);
    },
    [drawer],
  );
  const onFocusNode = useCallback(
    (id: string) => {
      setFocusId(id);
      showTip(id);
    },
    [showTip],
  );

  const tipConcept = tipId ? conceptById.get(tipId) : undefined;
  const tipPlace = tipId ? layout.positionOf(tipId) : undefined;
  const current = view.view.current;
  const { state } = layout;
  return (
    <div className="cm-graph" ref={containerRef} style={{ height }}>
      <svg
        ref={svgRef}
        className={`cm-svg${tipId ? ' has-highlight' : ''}`}
        width={width}
        height={height}
        role="group"
        aria-label={`Concept map: ${concepts.length} concepts and ${links.length} relationships. Use the arrow keys to move between concepts.`}
        data-testid="concept-graph"
        data-state={state.running ? 'running' : 'settled'}
        data-settle-ms={state.settleMs ?? undefined}
        data-ticks={state.ticks}
        data-compute-ms={state.computeMs ?? undefined}
        data-zoom={view.zoom.toFixed(3)}
        {...pointer}
      >
        <rect className="cm-backdrop" width={width} height={height} />
        <g ref={viewportRef} className="cm-viewport">
          {area && <rect className="cm-area" width={area.width} height={area.height} rx={12} />}
          <LinkLayer links={links} mounted={mountedLinks} highlighted={tipId} register={registerLink} />
          <NodeLayer
            concepts={concepts}
            mounted={mountedConcepts}
            radii={radii}
            showLabels={settings.show_labels}
            highlighted={tipId}
            related={related}
            tabStop={tabStop}
            isPinned={layout.isPinned}
            register={registerNode}
            onEnter={showTip}
            onLeave={hideTip}
            onFocus={onFocusNode}
            onKey={onNodeKey}
            onUnpin={unpin}
          />
        </g>
      </svg>
      <ZoomToolbar
        zoom={view.zoom}
        zoomBy={(factor) => {
          view.zoomBy(factor, { x: width / 2, y: height / 2 });
          hideTip();
        }}
        reset={() => {
          if (positionsRef.current) view.fit(positionsRef.current.xy, canvas);
          hideTip();
        }}
      />
      {settings.show_labels && hiddenLabels > 0 && (
        <p className="cm-hidden-labels" role="status" data-testid="hidden-labels">
          {`${hiddenLabels} ${hiddenLabels === 1 ? 'name has' : 'names have'} no room at this zoom: zoom in, point at or tab to a concept to read its name, or open the lists below.`}
        </p>
      )}
      {tipConcept && tipPlace && (
        <ConceptTooltip
          concept={tipConcept}
          x={current.x + tipPlace.x * current.k}
          y={current.y + (tipPlace.y + (radii.get(tipConcept.id) ?? 8)) * current.k}
          canvasWidth={width}
          canvasHeight={height}
        />
      )}
    </div>
  );
}

function neighboursOf(links: ReturnType<typeof buildLinks>): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const link of links) {
    const a = endId(link.source);
    const b = endId(link.target);
    if (!map.has(a)) map.set(a, new Set());
    if (!map.has(b)) map.set(b, new Set());
    map.get(a)!.add(b);
    map.get(b)!.add(a);
  }
  return map;
}

/** The previous array while the new one says the same (by each item's signature). */
function useStable<T>(items: T[], signature: (item: T) => string): T[] {
  const previous = useRef<{ items: T[]; key: string } | null>(null);
  const key = items.map(signature).join('|');
  if (!previous.current || previous.current.key !== key) previous.current = { items, key };
  return previous.current.items;
}
