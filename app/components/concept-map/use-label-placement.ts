import { useCallback, useMemo, useRef, type MutableRefObject } from 'react';
import type { MapConcept } from '../../../server/domain/concept-map';
import { truncateLabel, type ViewTransform } from '../../../contract/concept-map';
import { placeLabels, type LabelCandidate } from './place-labels';
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
}

/**
 * Keeps the labels readable: after each drawn frame and each pan or zoom (at most once a frame),
 * only the labels that fit without overlapping a heavier concept's are shown (class label-hidden
 * on the others), at a fixed size on screen.
 */
export function useLabelPlacement({ concepts, radii, showLabels, nodeElements, positions, view, canvas }: Options) {
  // Made once per map and given each drawn frame's places in turn (placement runs on every drawn frame).
  const candidates = useMemo(
    () => concepts.map((concept) => ({ id: concept.id, x: 0, y: 0, radius: radii.get(concept.id) ?? 8, length: Array.from(truncateLabel(concept.name)).length })),
    [concepts, radii],
  );
  const readers = useRef({ view, canvas });
  readers.current = { view, canvas };

  const update = useCallback(() => {
    const current = positions.current;
    if (!current || !showLabels) return;
    const placed: LabelCandidate[] = [];
    for (const candidate of candidates) {
      const index = current.indexOf.get(candidate.id);
      if (index === undefined) continue;
      candidate.x = current.xy[2 * index];
      candidate.y = current.xy[2 * index + 1];
      placed.push(candidate);
    }
    const shown = placeLabels(placed, readers.current.view(), readers.current.canvas());
    for (const [id, element] of nodeElements.current) element.classList.toggle('label-hidden', !shown.has(id));
  }, [candidates, showLabels, positions, nodeElements]);

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
