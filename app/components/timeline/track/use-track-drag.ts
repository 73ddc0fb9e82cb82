import { useRef, type MutableRefObject } from 'react';
import { DRAG_THRESHOLD } from './geometry';

/**
 * Dragging the track: the view follows the pointer without a render (a class marks the drag),
 * and the click that ends a drag does not open the marker it ends on.
 */
export function useTrackDrag({
  viewStart,
  ppdRef,
  scheduleView,
  onDragStart,
}: {
  viewStart: MutableRefObject<number | null>;
  ppdRef: MutableRefObject<number>;
  scheduleView(): void;
  onDragStart(): void;
}) {
  const drag = useRef<{ pointerId: number; startX: number; lastX: number; moved: boolean } | null>(null);
  const suppressClick = useRef(false);

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || !event.isPrimary) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, lastX: event.clientX, moved: false };
  };
  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId || viewStart.current === null) return;
    if (!current.moved) {
      if (Math.abs(event.clientX - current.startX) < DRAG_THRESHOLD) return;
      current.moved = true;
      try {
        event.currentTarget.setPointerCapture(event.pointerId);
      } catch {
        // The pointer is already gone (released between events): the drag still follows moves.
      }
      event.currentTarget.classList.add('dragging');
      onDragStart();
    }
    viewStart.current -= (event.clientX - current.lastX) / ppdRef.current;
    current.lastX = event.clientX;
    scheduleView();
  };
  const endDrag = (event: React.PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    if (current.moved) {
      suppressClick.current = true;
      window.setTimeout(() => (suppressClick.current = false), 0);
      event.currentTarget.classList.remove('dragging');
    }
  };

  return {
    dragging: () => drag.current !== null,
    suppressClick,
    handlers: { onPointerDown, onPointerMove, onPointerUp: endDrag, onPointerCancel: endDrag, onLostPointerCapture: endDrag },
  };
}
