import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { clampZoom, WHEEL_ZOOM_IN, WHEEL_ZOOM_OUT, zoomAround, type ViewTransform } from '../../../contract/concept-map';

/**
 * Room kept around the map when it is fitted, in screen pixels: half a label's width at the sides,
 * a label's height below (labels keep their size on screen at every zoom).
 */
const FIT_MARGIN = { side: 56, top: 24, bottom: 36 };

/**
 * The view that shows every point (x0, y0, x1, y1, …) with room for its label inside the canvas,
 * centred. Never zoomed in beyond 100%: a small map is shown at its own size in the middle.
 */
export function fitTransform(xy: Float64Array, canvas: { width: number; height: number }): ViewTransform {
  if (xy.length === 0 || canvas.width <= 0) return { k: 1, x: 0, y: 0 };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < xy.length; i += 2) {
    minX = Math.min(minX, xy[i]);
    maxX = Math.max(maxX, xy[i]);
    minY = Math.min(minY, xy[i + 1]);
    maxY = Math.max(maxY, xy[i + 1]);
  }
  const room = { width: canvas.width - 2 * FIT_MARGIN.side, height: canvas.height - FIT_MARGIN.top - FIT_MARGIN.bottom };
  const k = clampZoom(Math.min(1, room.width / Math.max(1, maxX - minX), room.height / Math.max(1, maxY - minY)));
  return {
    k,
    x: canvas.width / 2 - ((minX + maxX) / 2) * k,
    y: FIT_MARGIN.top + room.height / 2 - ((minY + maxY) / 2) * k,
  };
}

/**
 * The canvas's pan and zoom: applied to the viewport group directly (no React render per wheel
 * step), with the zoom level kept in state for the toolbar. `touched` says whether the user moved
 * the view since the last fit, so a layout that settles later does not take the view away.
 */
export function useView(svgRef: RefObject<SVGSVGElement | null>, viewportRef: RefObject<SVGGElement | null>, onChange: () => void) {
  const view = useRef<ViewTransform>({ k: 1, x: 0, y: 0 });
  const touched = useRef(false);
  const [zoom, setZoom] = useState(1);
  const changed = useRef(onChange);
  changed.current = onChange;

  const apply = useCallback(
    (next: ViewTransform, byUser = true) => {
      view.current = next;
      if (byUser) touched.current = true;
      const viewport = viewportRef.current;
      viewport?.setAttribute('transform', `translate(${next.x},${next.y}) scale(${next.k})`);
      // Labels keep their size on screen (concept-map.css divides by the zoom).
      viewport?.style.setProperty('--cm-zoom', String(next.k));
      setZoom(next.k);
      changed.current();
    },
    [viewportRef],
  );

  const fit = useCallback(
    (xy: Float64Array, canvas: { width: number; height: number }) => {
      apply(fitTransform(xy, canvas), false);
      touched.current = false;
    },
    [apply],
  );

  const zoomBy = useCallback((factor: number, point: { x: number; y: number }) => apply(zoomAround(view.current, factor, point)), [apply]);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = svg.getBoundingClientRect();
      zoomBy(event.deltaY > 0 ? WHEEL_ZOOM_OUT : WHEEL_ZOOM_IN, { x: event.clientX - box.left, y: event.clientY - box.top });
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, [svgRef, zoomBy]);

  return { view, zoom, touched, apply, fit, zoomBy };
}
