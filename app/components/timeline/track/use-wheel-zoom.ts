import { useEffect, useRef, type MutableRefObject, type RefObject } from 'react';
import { stepZoom, type ZoomLevel } from '../../../../contract/timeline';

/** One mouse-wheel notch is about 100 px of deltaY; a trackpad sends many small ones. */
const WHEEL_STEP = 60;
const WHEEL_PAUSE_MS = 180;

/** The wheel: vertical turns change the zoom level around the cursor, horizontal ones pan. */
export function useWheelZoom(options: {
  viewportRef: RefObject<HTMLDivElement | null>;
  viewStart: MutableRefObject<number | null>;
  ppdRef: MutableRefObject<number>;
  pendingAnchor: MutableRefObject<number | null>;
  zoom: ZoomLevel;
  onZoomChange(zoom: ZoomLevel): void;
  scheduleView(): void;
}) {
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => {
    const viewport = latest.current.viewportRef.current!;
    let accumulated = 0;
    let lastStep = 0;
    let lastWheel = 0;
    const onWheel = (event: WheelEvent) => {
      const { viewStart, ppdRef, pendingAnchor, zoom, onZoomChange, scheduleView } = latest.current;
      if (viewStart.current === null) return;
      const scale = event.deltaMode === 1 ? 40 : event.deltaMode === 2 ? 800 : 1;
      const dx = event.deltaX * scale;
      const dy = event.deltaY * scale;
      event.preventDefault();
      if (Math.abs(dx) > Math.abs(dy)) {
        viewStart.current += dx / ppdRef.current;
        scheduleView();
        return;
      }
      const now = performance.now();
      if (now - lastWheel > 400) accumulated = 0;
      lastWheel = now;
      accumulated += dy;
      if (Math.abs(accumulated) < WHEEL_STEP || now - lastStep < WHEEL_PAUSE_MS) return;
      const next = stepZoom(zoom, accumulated < 0 ? 'in' : 'out');
      accumulated = 0;
      lastStep = now;
      if (next === zoom) return;
      pendingAnchor.current = event.clientX - viewport.getBoundingClientRect().left;
      onZoomChange(next);
    };
    viewport.addEventListener('wheel', onWheel, { passive: false });
    return () => viewport.removeEventListener('wheel', onWheel);
  }, []);
}
