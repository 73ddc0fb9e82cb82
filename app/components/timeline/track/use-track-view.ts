import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { openingViewStart, nearestToCentre, stretchAround, type Stretch } from './geometry';

/**
 * The track's view: the day at the left edge (a ref, so a drag never re-renders), the
 * viewport's width, and the rendered stretch (state, changed only when the view leaves it).
 * The layer's transform is written directly.
 */
export function useTrackView({
  days,
  today,
  pxPerDay,
  rangeText,
}: {
  days: number[];
  today: number;
  pxPerDay: number;
  rangeText(start: number, end: number): string;
}) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const rangeRef = useRef<HTMLSpanElement>(null);
  const viewStart = useRef<number | null>(null);
  const widthRef = useRef(0);
  const ppdRef = useRef(pxPerDay);
  /** Where a pending zoom keeps its day still (px from the left edge); null: the event nearest the centre. */
  const pendingAnchor = useRef<number | null>(null);
  const frame = useRef(0);
  const rangeTextRef = useRef(rangeText);
  rangeTextRef.current = rangeText;

  const [stretch, setStretch] = useState<Stretch | null>(null);
  const stretchRef = useRef<Stretch | null>(null);
  stretchRef.current = stretch;

  const updateRange = useCallback(() => {
    const start = viewStart.current;
    if (rangeRef.current && start !== null && widthRef.current) {
      rangeRef.current.textContent = rangeTextRef.current(start, start + widthRef.current / ppdRef.current);
    }
  }, []);

  /** Moves the layer to the current view; re-renders only when the view leaves the rendered stretch. */
  const applyView = useCallback(() => {
    frame.current = 0;
    const current = stretchRef.current;
    const start = viewStart.current;
    const width = widthRef.current;
    if (!current || start === null || !width) return;
    const ppd = ppdRef.current;
    const span = width / ppd;
    if (layerRef.current) layerRef.current.style.transform = `translate3d(${current.origin - start * ppd}px,0,0)`;
    updateRange();
    if (start < current.start || start + span > current.end) setStretch(stretchAround(start, span, ppd, current));
  }, [updateRange]);

  const scheduleView = useCallback(() => {
    if (!frame.current) frame.current = requestAnimationFrame(applyView);
  }, [applyView]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  /** Centres a day (or only brings it in from the edge). */
  const showDay = useCallback(
    (day: number, mode: 'center' | 'nearest' = 'center') => {
      const width = widthRef.current;
      const ppd = ppdRef.current;
      if (!width || viewStart.current === null) return;
      const x = (day + 0.5 - viewStart.current) * ppd;
      if (mode === 'nearest' && x > width * 0.08 && x < width * 0.92) return;
      viewStart.current = day + 0.5 - width / 2 / ppd;
      applyView();
    },
    [applyView],
  );

  // Measure once mounted, and whenever the track changes size. (The first view is placed
  // from the events of the first render only.)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first view is placed from the first render's events only
  useLayoutEffect(() => {
    const viewport = viewportRef.current!;
    const measure = () => {
      const width = viewport.clientWidth;
      if (!width || width === widthRef.current) return;
      widthRef.current = width;
      if (viewStart.current === null) {
        viewStart.current = openingViewStart(days, today, width, ppdRef.current);
        setStretch(stretchAround(viewStart.current, width / ppdRef.current, ppdRef.current, null));
      } else {
        applyView();
      }
      updateRange();
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(viewport);
    return () => observer.disconnect();
  }, [applyView, updateRange]);

  // A new zoom keeps the anchored day on the same pixel.
  useLayoutEffect(() => {
    if (ppdRef.current === pxPerDay) return;
    const width = widthRef.current;
    if (viewStart.current !== null && width) {
      const anchor = pendingAnchor.current ?? nearestToCentre(days, viewStart.current, ppdRef.current, width);
      viewStart.current = viewStart.current + anchor / ppdRef.current - anchor / pxPerDay;
      setStretch(stretchAround(viewStart.current, width / pxPerDay, pxPerDay, null));
    }
    ppdRef.current = pxPerDay;
    pendingAnchor.current = null;
    updateRange();
  }, [pxPerDay, days, updateRange]);

  // The layer's offset is set here, never through React's style prop: drags move it directly,
  // and a re-render with the same offset as last time would otherwise leave a stale one.
  useLayoutEffect(() => {
    if (layerRef.current && stretch && viewStart.current !== null) {
      layerRef.current.style.transform = `translate3d(${stretch.origin - viewStart.current * ppdRef.current}px,0,0)`;
    }
  });

  return { viewportRef, layerRef, rangeRef, viewStart, widthRef, ppdRef, pendingAnchor, stretch, showDay, scheduleView, updateRange };
}
