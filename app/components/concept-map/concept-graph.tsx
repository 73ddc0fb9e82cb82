/**
 * The live concept map: an SVG drawn by a d3-force simulation. React renders the elements; the
 * simulation moves them directly (positions never pass through React state), so a map of
 * thousands of concepts stays smooth. Loaded lazily: only this screen carries d3-force.
 */
import { forceCollide, forceLink, forceManyBody, forceSimulation, forceX, forceY, type Simulation } from 'd3-force';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MapConcept, MapRelationship } from '../../../server/domain/concept-map';
import {
  ALPHA_MIN,
  clampToCanvas,
  CONCEPT_TYPE_MAP,
  linkDistance,
  linkWidth,
  REPULSION_DISTANCE_MAX,
  toGraph,
  truncateLabel,
  WHEEL_ZOOM_IN,
  WHEEL_ZOOM_OUT,
  ZOOM_BUTTON_STEP,
  zoomAround,
  type ConceptMapSettings,
  type ViewTransform,
} from '../../../contract/concept-map';
import { buildLinks, buildNodes, endId, layoutArea, nodeRadii, type GraphLink, type GraphNode, type LayoutArea } from './graph-model';
import { ConceptTooltip } from './concept-tooltip';

export interface ConceptGraphProps {
  concepts: MapConcept[];
  relationships: MapRelationship[];
  settings: ConceptMapSettings;
  height?: number;
}

type Gesture =
  | { kind: 'pan'; pointerId: number; startX: number; startY: number; view: ViewTransform }
  // The node is looked up by id at each step: a rebuilt simulation has new node objects.
  | { kind: 'drag'; pointerId: number; nodeId: string; moved: boolean; startX: number; startY: number };

const CANVAS_HEIGHT = 620;
const MAX_TICKS_PER_FRAME = 4;
const FRAME_BUDGET_MS = 12;
/** From this many concepts a map is laid out in bigger slices and redrawn every BIG_MAP_DRAW_MS. */
const BIG_MAP = 400;
const BIG_FRAME_BUDGET_MS = 40;
const BIG_MAP_DRAW_MS = 250;
/** Below this zoom the 11 px labels are too small to read: they are not drawn at all. */
const LABEL_MIN_ZOOM = 0.6;

export default function ConceptGraph({ concepts: givenConcepts, relationships: givenRelationships, settings, height = CANVAS_HEIGHT }: ConceptGraphProps) {
  // The same map fetched again (after an update, a revalidation) must not restart the layout.
  const concepts = useStable(givenConcepts, (concept) => `${concept.id}:${concept.sources}:${concept.type}:${concept.name}`);
  const relationships = useStable(givenRelationships, (relationship) => `${relationship.id}:${relationship.strength}`);
  const containerRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const viewportRef = useRef<SVGGElement>(null);
  const nodeElements = useRef(new Map<string, SVGGElement>());
  const linkElements = useRef(new Map<string, SVGGElement>());
  const nodesRef = useRef(new Map<string, GraphNode>());
  const linksRef = useRef<GraphLink[]>([]);
  const simulationRef = useRef<Simulation<GraphNode, GraphLink> | null>(null);
  const viewRef = useRef<ViewTransform>({ k: 1, x: 0, y: 0 });
  const areaRef = useRef<LayoutArea>({ width: 800, height, fit: 1 });
  const gesture = useRef<Gesture | null>(null);

  const [width, setWidth] = useState(0);
  const [zoom, setZoom] = useState(1);
  const [focusId, setFocusId] = useState<string | null>(null);
  const [tip, setTip] = useState<{ id: string; x: number; y: number } | null>(null);
  const [state, setState] = useState<{ running: boolean; settleMs: number | null; ticks: number; computeMs: number | null }>({
    running: true,
    settleMs: null,
    ticks: 0,
    computeMs: null,
  });
  /** Starts the frame loop if it is not running (after a drag or an unpin warms the layout). */
  const runRef = useRef<() => void>(() => {});

  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry.contentRect.width)));
    observer.observe(element);
    setWidth(Math.round(element.getBoundingClientRect().width));
    return () => observer.disconnect();
  }, []);

  // A map of a few concepts fits the canvas; a big one is laid out larger and shown zoomed out to fit.
  // Sized once per map from the canvas at that time: resizing the window later (or a scrollbar
  // coming and going) changes the view, not the layout.
  const widthRef = useRef(0);
  widthRef.current = width;
  const measured = width > 0;
  const area = useMemo(
    () => (measured ? layoutArea({ width: widthRef.current, height }, concepts.length) : null),
    [measured, height, concepts.length],
  );
  if (area) areaRef.current = area;
  const radii = useMemo(() => nodeRadii(concepts), [concepts]);

  const conceptById = useMemo(() => new Map(concepts.map((concept) => [concept.id, concept])), [concepts]);
  const links = useMemo(
    () => buildLinks(relationships, settings.min_strength, new Set(concepts.map((concept) => concept.id))),
    [relationships, settings.min_strength, concepts],
  );
  const neighbours = useMemo(() => {
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
  }, [links]);

  const applyView = useCallback((view: ViewTransform) => {
    viewRef.current = view;
    viewportRef.current?.setAttribute('transform', `translate(${view.x},${view.y}) scale(${view.k})`);
    setZoom(view.k);
  }, []);

  const fitView = useCallback(() => {
    const area = areaRef.current;
    const k = area.fit;
    applyView({ k, x: (widthRef.current - area.width * k) / 2, y: (height - area.height * k) / 2 });
  }, [applyView, height]);

  /** Moves every element to its node's position: called on each tick, outside React. */
  const draw = useCallback(() => {
    const area = areaRef.current;
    for (const node of nodesRef.current.values()) {
      node.x = clampToCanvas(node.x ?? 0, area.width);
      node.y = clampToCanvas(node.y ?? 0, area.height);
      nodeElements.current.get(node.id)?.setAttribute('transform', `translate(${Math.round(node.x)},${Math.round(node.y)})`);
    }
    for (const link of linksRef.current) {
      const element = linkElements.current.get(link.id);
      const source = link.source as GraphNode;
      const target = link.target as GraphNode;
      if (!element || typeof source !== 'object' || typeof target !== 'object') continue;
      const line = element.firstElementChild as SVGLineElement | null;
      line?.setAttribute('x1', String(Math.round(source.x!)));
      line?.setAttribute('y1', String(Math.round(source.y!)));
      line?.setAttribute('x2', String(Math.round(target.x!)));
      line?.setAttribute('y2', String(Math.round(target.y!)));
      const label = line?.nextElementSibling as SVGTextElement | null;
      if (label) {
        label.setAttribute('x', String(Math.round((source.x! + target.x!) / 2)));
        label.setAttribute('y', String(Math.round((source.y! + target.y!) / 2)));
      }
    }
  }, []);

  // The simulation: rebuilt when the concepts, the visible relationships or the canvas change;
  // nodes keep their places across rebuilds, so hiding weak links only relaxes the layout.
  useEffect(() => {
    if (area === null) return;
    const firstLayout = nodesRef.current.size === 0;
    const nodes = buildNodes(concepts, nodesRef.current, area, radii);
    nodesRef.current = new Map(nodes.map((node) => [node.id, node]));
    const simLinks: GraphLink[] = links.map((link) => ({ ...link, source: endId(link.source), target: endId(link.target) }));
    linksRef.current = simLinks;
    if (firstLayout) fitView();

    const simulation = forceSimulation<GraphNode, GraphLink>(nodes)
      .alphaMin(ALPHA_MIN)
      .alpha(firstLayout ? 1 : 0.5)
      .force(
        'link',
        forceLink<GraphNode, GraphLink>(simLinks)
          .id((node) => node.id)
          .distance((link) => linkDistance(link.relationship.strength)),
      )
      .force('charge', forceManyBody<GraphNode>().strength(-300).distanceMax(REPULSION_DISTANCE_MAX))
      .force('collide', forceCollide<GraphNode>((node) => node.radius + (settings.show_labels ? 12 : 4)))
      // A gentle pull to the middle keeps unrelated concepts from drifting to the edges.
      .force('x', forceX<GraphNode>(area.width / 2).strength(0.03))
      .force('y', forceY<GraphNode>(area.height / 2).strength(0.03))
      .stop();
    simulationRef.current = simulation;

    // Driven here rather than by d3's timer: a few ticks per frame while they fit the frame, so a
    // big map settles sooner, and the time spent computing is measured (the page's benchmark).
    // A big map spends its frames computing and redraws a few times a second: painting thousands
    // of elements every frame would cost more than the layout itself.
    const big = nodes.length >= BIG_MAP;
    const budget = big ? BIG_FRAME_BUDGET_MS : FRAME_BUDGET_MS;
    const maxTicks = big ? Infinity : MAX_TICKS_PER_FRAME;
    let frame = 0;
    let started = 0;
    let ticks = 0;
    let compute = 0;
    let lastDraw = 0;
    const step = () => {
      frame = 0;
      const frameStart = performance.now();
      let count = 0;
      do {
        simulation.tick();
        ticks += 1;
        count += 1;
      } while (count < maxTicks && simulation.alpha() >= ALPHA_MIN && performance.now() - frameStart < budget);
      // Cooled below 0.01 and nothing (a drag) holding it warm: the layout has settled.
      const settled = simulation.alpha() < ALPHA_MIN && simulation.alphaTarget() < ALPHA_MIN;
      const dragging = simulation.alphaTarget() >= ALPHA_MIN;
      if (settled || dragging || !big || frameStart - lastDraw >= BIG_MAP_DRAW_MS) {
        draw();
        lastDraw = performance.now();
      }
      compute += performance.now() - frameStart;
      if (settled) {
        setState({ running: false, settleMs: Math.round(performance.now() - started), ticks, computeMs: Math.round(compute) });
      } else {
        frame = schedule(step);
      }
    };
    // A big map's slices follow each other at once (the browser still paints between tasks);
    // a small one ticks with the display's frames, which is what makes it look alive.
    const schedule = (callback: () => void) => (big ? -window.setTimeout(callback, 0) : requestAnimationFrame(callback));
    const cancel = (handle: number) => (handle < 0 ? window.clearTimeout(-handle) : cancelAnimationFrame(handle));
    runRef.current = () => {
      if (frame) return;
      started = performance.now();
      ticks = 0;
      compute = 0;
      setState({ running: true, settleMs: null, ticks: 0, computeMs: null });
      frame = schedule(step);
    };
    runRef.current();
    draw();
    return () => {
      if (frame) cancel(frame);
      frame = 0;
    };
    // fitView only on the first layout of a map; it reads the width, which is already a dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [concepts, links, area, radii, settings.show_labels, draw]);

  // Elements were (re)rendered: put them where their nodes are.
  useEffect(() => {
    draw();
  });

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = svg.getBoundingClientRect();
      const factor = event.deltaY > 0 ? WHEEL_ZOOM_OUT : WHEEL_ZOOM_IN;
      applyView(zoomAround(viewRef.current, factor, { x: event.clientX - box.left, y: event.clientY - box.top }));
      setTip(null);
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, [applyView]);

  const zoomBy = (factor: number) => {
    applyView(zoomAround(viewRef.current, factor, { x: width / 2, y: height / 2 }));
    setTip(null);
  };

  const pointerPoint = (event: React.PointerEvent | PointerEvent) => {
    const box = svgRef.current!.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const showTip = useCallback(
    (id: string) => {
      const node = nodesRef.current.get(id);
      if (!node) return;
      const view = viewRef.current;
      setTip({ id, x: view.x + (node.x ?? 0) * view.k, y: view.y + (node.y ?? 0) * view.k + node.radius * view.k });
    },
    [],
  );

  const onPointerDown = (event: React.PointerEvent<SVGSVGElement>) => {
    if (event.button !== 0) return;
    const target = (event.target as Element).closest<SVGGElement>('[data-node-id]');
    svgRef.current?.setPointerCapture(event.pointerId);
    const point = pointerPoint(event);
    if (target) {
      const node = nodesRef.current.get(target.dataset.nodeId!);
      if (!node) return;
      gesture.current = { kind: 'drag', pointerId: event.pointerId, nodeId: node.id, moved: false, startX: point.x, startY: point.y };
      node.fx = node.x;
      node.fy = node.y;
      simulationRef.current?.alphaTarget(0.3);
      runRef.current();
    } else {
      gesture.current = { kind: 'pan', pointerId: event.pointerId, startX: point.x, startY: point.y, view: viewRef.current };
      setTip(null);
    }
  };

  const onPointerMove = (event: React.PointerEvent<SVGSVGElement>) => {
    const current = gesture.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const point = pointerPoint(event);
    if (current.kind === 'pan') {
      applyView({ ...current.view, x: current.view.x + point.x - current.startX, y: current.view.y + point.y - current.startY });
      return;
    }
    if (!current.moved && Math.hypot(point.x - current.startX, point.y - current.startY) < 3) return;
    current.moved = true;
    const node = nodesRef.current.get(current.nodeId);
    if (!node) return;
    const area = areaRef.current;
    const graph = toGraph(viewRef.current, point);
    node.fx = clampToCanvas(graph.x, area.width);
    node.fy = clampToCanvas(graph.y, area.height);
    setTip(null);
  };

  const endGesture = (event: React.PointerEvent<SVGSVGElement>) => {
    const current = gesture.current;
    if (!current || current.pointerId !== event.pointerId) return;
    gesture.current = null;
    if (svgRef.current?.hasPointerCapture(event.pointerId)) svgRef.current.releasePointerCapture(event.pointerId);
    if (current.kind !== 'drag') return;
    simulationRef.current?.alphaTarget(0);
    const node = nodesRef.current.get(current.nodeId);
    if (!node) return;
    if (current.moved) {
      node.pinned = true;
      nodeElements.current.get(node.id)?.classList.add('is-pinned');
    } else if (!node.pinned) {
      node.fx = null;
      node.fy = null;
    }
    setFocusId(node.id);
    showTip(node.id);
  };

  const unpin = (id: string) => {
    const node = nodesRef.current.get(id);
    if (!node) return;
    node.pinned = false;
    node.fx = null;
    node.fy = null;
    nodeElements.current.get(id)?.classList.remove('is-pinned');
    simulationRef.current?.alpha(0.3);
    runRef.current();
  };

  const order = concepts;
  const moveFocus = (id: string, step: number | 'first' | 'last') => {
    const index = order.findIndex((concept) => concept.id === id);
    const next =
      step === 'first' ? order[0] : step === 'last' ? order[order.length - 1] : order[Math.min(order.length - 1, Math.max(0, index + step))];
    if (!next) return;
    setFocusId(next.id);
    nodeElements.current.get(next.id)?.focus();
  };

  const onNodeKey = (event: React.KeyboardEvent<SVGGElement>, id: string) => {
    const keys: Record<string, number | 'first' | 'last'> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: 'first', End: 'last' };
    if (event.key in keys) {
      event.preventDefault();
      moveFocus(id, keys[event.key]);
    } else if (event.key === 'Escape') {
      setTip(null);
    }
  };

  const highlighted = tip?.id ?? null;
  const related = highlighted ? neighbours.get(highlighted) : undefined;
  const tabStop = focusId && conceptById.has(focusId) ? focusId : concepts[0]?.id;

  const linkLayer = useMemo(
    () => (
      <LinkLayer
        links={links}
        highlighted={highlighted}
        register={(id, element) => (element ? linkElements.current.set(id, element) : linkElements.current.delete(id))}
      />
    ),
    [links, highlighted],
  );
  const nodeLayer = useMemo(
    () => (
      <NodeLayer
        concepts={concepts}
        nodes={nodesRef.current}
        radii={radii}
        showLabels={settings.show_labels}
        highlighted={highlighted}
        related={related}
        tabStop={tabStop}
        register={(id, element) => (element ? nodeElements.current.set(id, element) : nodeElements.current.delete(id))}
        onEnter={showTip}
        onLeave={() => setTip(null)}
        onFocus={(id) => {
          setFocusId(id);
          showTip(id);
        }}
        onKey={onNodeKey}
        onUnpin={unpin}
      />
    ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [concepts, radii, settings.show_labels, highlighted, related, tabStop, showTip],
  );

  const tipConcept = tip ? conceptById.get(tip.id) : undefined;
  return (
    <div className="cm-graph" ref={containerRef} style={{ height }}>
      <svg
        ref={svgRef}
        className={`cm-svg${highlighted ? ' has-highlight' : ''}${zoom < LABEL_MIN_ZOOM ? ' is-far' : ''}`}
        width={width}
        height={height}
        role="group"
        aria-label={`Concept map: ${concepts.length} concepts and ${links.length} relationships. Use the arrow keys to move between concepts.`}
        data-testid="concept-graph"
        data-state={state.running ? 'running' : 'settled'}
        data-settle-ms={state.settleMs ?? undefined}
        data-ticks={state.ticks}
        data-compute-ms={state.computeMs ?? undefined}
        data-zoom={zoom.toFixed(3)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endGesture}
        onPointerCancel={endGesture}
      >
        <rect className="cm-backdrop" width={width} height={height} />
        <g ref={viewportRef} className="cm-viewport">
          {area && <rect className="cm-area" width={area.width} height={area.height} rx={12} />}
          {linkLayer}
          {nodeLayer}
        </g>
      </svg>
      <div className="cm-zoom" role="toolbar" aria-label="Zoom">
        <button type="button" className="secondary" aria-label="Zoom in" title="Zoom in" onClick={() => zoomBy(ZOOM_BUTTON_STEP)}>
          +
        </button>
        <button type="button" className="secondary" aria-label="Zoom out" title="Zoom out" onClick={() => zoomBy(1 / ZOOM_BUTTON_STEP)}>
          −
        </button>
        <button type="button" className="secondary" aria-label="Reset view" title="Reset view" onClick={() => { fitView(); setTip(null); }}>
          Reset
        </button>
        <span className="cm-zoom-level" data-testid="zoom-level">
          {Math.round(zoom * 100)}%
        </span>
      </div>
      {tip && tipConcept && <ConceptTooltip concept={tipConcept} x={tip.x} y={tip.y} canvasWidth={width} canvasHeight={height} />}
    </div>
  );
}

interface LinkLayerProps {
  links: GraphLink[];
  highlighted: string | null;
  register(id: string, element: SVGGElement | null): void;
}

const LinkLayer = memo(function LinkLayer({ links, highlighted, register }: LinkLayerProps) {
  return (
    <g className="cm-links">
      {links.map((link) => {
        const touches = highlighted !== null && (endId(link.source) === highlighted || endId(link.target) === highlighted);
        return (
          <g key={link.id} ref={(element) => register(link.id, element)} className={touches ? 'cm-link is-active' : 'cm-link'} data-strength={link.relationship.strength}>
            <line strokeWidth={linkWidth(link.relationship.strength)} />
            {touches && (
              <text className="cm-link-label" textAnchor="middle" dy="-4">
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
  nodes: Map<string, GraphNode>;
  radii: Map<string, number>;
  showLabels: boolean;
  highlighted: string | null;
  related: Set<string> | undefined;
  tabStop: string | undefined;
  register(id: string, element: SVGGElement | null): void;
  onEnter(id: string): void;
  onLeave(): void;
  onFocus(id: string): void;
  onKey(event: React.KeyboardEvent<SVGGElement>, id: string): void;
  onUnpin(id: string): void;
}

const NodeLayer = memo(function NodeLayer(props: NodeLayerProps) {
  const { concepts, nodes, radii, showLabels, highlighted, related, tabStop, register } = props;
  return (
    <g className="cm-nodes">
      {concepts.map((concept) => {
        const node = nodes.get(concept.id);
        const radius = radii.get(concept.id) ?? 8;
        const state = concept.id === highlighted ? ' is-active' : related?.has(concept.id) ? ' is-related' : '';
        return (
          <g
            key={concept.id}
            ref={(element) => register(concept.id, element)}
            className={`cm-node${state}${node?.pinned ? ' is-pinned' : ''}`}
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
              <text className="cm-label" y={radius + 12} textAnchor="middle">
                {truncateLabel(concept.name)}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
});

/** The previous array while the new one says the same (by each item's signature). */
function useStable<T>(items: T[], signature: (item: T) => string): T[] {
  const previous = useRef<{ items: T[]; key: string } | null>(null);
  const key = items.map(signature).join('|');
  if (!previous.current || previous.current.key !== key) previous.current = { items, key };
  return previous.current.items;
}
