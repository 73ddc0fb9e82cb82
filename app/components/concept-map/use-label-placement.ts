import { useCallback, useMemo, useRef, type MutableRefObject } from 'react';
import type { MapConcept } from '../../../server/domain/concept-map';
import { truncateLabel, type ViewTransform } from '../../../contract/concept-map';
import { measureLabelWidth, placeLabels, type LabelCandidate, type LabelSide } from './place-labels';
import type { Positions } from './use-force-layout';

interface Options {
  /** Heaviest first (the map's order): they get their labels first. */
  concepts: MapConcept[];
  radii: Map<string, number>;
  showLabels: boolean;
  nodeElements: MutableRefObject<Map<string, SVGGElement>>;
  positions: MutableRefObject<Positions | null>;
  view: () => ViewTransform;
  canvas: () => { width: number; height: number };
  onHiddenCount?: (hidden: number) => void;
}

/**
 * A label's place in its node's own units (the circle's radius) and the label's size (em: fixed on
 * screen), for each side placeLabels may choose; below is where the node first draws it.
 */
const LABEL_PLACES: Record<LabelSide, { x: (radius: number) => number; y: (radius: number) => number; dx: string; dy: string; anchor: string }> = {
  below: { x: () => 0, y: (radius) => radius, dx: '0', dy: '1.05em', anchor: 'middle' },
  above: { x: () => 0, y: (radius) => -radius, dx: '0', dy: '-0.4em', anchor: 'middle' },
  right: { x: (radius) => radius, y: () => 0, dx: '0.36em', dy: '0.35em', anchor: 'start' },
  left: { x: (radius) => -radius, y: () => 0, dx: '-0.36em', dy: '0.35em', anchor: 'end' },
};

function moveLabel(node: SVGGElement, side: LabelSide, radius: number) {
  const label = node.querySelector('.cm-label');
  if (!label) return;
  const place = LABEL_PLACES[side];
  label.setAttribute('x', String(place.x(radius)));
  label.setAttribute('y', String(place.y(radius)));
  label.setAttribute('dx', place.dx);
  label.setAttribute('dy', place.dy);
  label.setAttribute('text-anchor', place.anchor);
}

/**
 * Keeps the labels readable: after each drawn frame and each pan or zoom (at most once a frame),
 * only the labels that fit without overlapping a heavier concept's are shown, each on the first
 * side of its circle with room (class label-hidden on the others), at a fixed size on screen.
 * `onHiddenCount` hears how many have no room, when that changes.
 */
export function useLabelPlacement({ concepts, radii, showLabels, nodeElements, positions, view, canvas, onHiddenCount }: Options) {
  // Made once per map and given each drawn frame's places in turn (placement runs on every drawn frame).
  // Widths are measured at the first placement in the browser, in a drawn label's font.
  const candidates = useMemo(
    () => concepts.map((concept) => ({ id: concept.id, x: 0, y: 0, radius: radii.get(concept.id) ?? 8, text: truncateLabel(concept.name), width: 0 })),
    [concepts, radii],
  );
  const readers = useRef({ view, canvas, onHiddenCount });
  readers.current = { view, canvas, onHiddenCount };
  const hiddenCount = useRef(-1);

  const update = useCallback(() => {
    const current = positions.current;
    if (!current || !showLabels) return;
    const placed: LabelCandidate[] = [];
    for (const candidate of candidates) {
      if (!candidate.width) {
        const sample = nodeElements.current.get(candidate.id)?.querySelector('.cm-label') ?? null;
        if (!sample) continue;
        candidate.width = measureLabelWidth(candidate.text, sample);
      }
      const index = current.indexOf.get(candidate.id);
      if (index === undefined) continue;
      candidate.x = current.xy[2 * index];
      candidate.y = current.xy[2 * index + 1];
      placed.push(candidate);
    }
    const shown = placeLabels(placed, readers.current.view(), readers.current.canvas());
    let hidden = 0;
    for (const [id, element] of nodeElements.current) {
      const side = shown.get(id);
      element.classList.toggle('label-hidden', !side);
      if (!side) hidden++;
      // The side is kept on the node (data-label-side; a node starts below), so a frame only
      // touches the labels that move.
      else if ((element.dataset.labelSide ?? 'below') !== side) {
        element.dataset.labelSide = side;
        moveLabel(element, side, radii.get(id) ?? 8);
      }
    }
    if (hidden !== hiddenCount.current) {
      hiddenCount.current = hidden;
      readers.current.onHiddenCount?.(hidden);
    }
  }, [candidates, showLabels, positions, nodeElements, radii]);

  const frame = useRef(0);
  const updateSoon = useCallback(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      update();
    });
  }, [update]);

  return { update, updateSoon };
}
