import { useRef, type MutableRefObject, type PointerEvent, type RefObject } from 'react';
import { toGraph, type ViewTransform } from '../../../contract/concept-map';

type Gesture =
  | { kind: 'pan'; pointerId: number; startX: number; startY: number; view: ViewTransform }
  | { kind: 'drag'; pointerId: number; nodeId: string; moved: boolean; startX: number; startY: number };

interface Options {
  svgRef: RefObject<SVGSVGElement | null>;
  view: MutableRefObject<ViewTransform>;
  applyView(view: ViewTransform): void;
  positionOf(id: string): { x: number; y: number } | undefined;
  hold(id: string, x: number, y: number): void;
  /** The drag ended; `moved` pins the node where it was dropped. */
  release(id: string, moved: boolean): void;
  /** A node was pressed and let go (a tap or the end of a drag): show it. */
  select(id: string): void;
  /** The view moved or a drag began: hide the tooltip. */
  hideTip(): void;
}

/** Pointer gestures on the canvas: dragging a node (pinned where it is dropped) and panning the view. */
export function useGraphPointer({ svgRef, view, applyView, positionOf, hold, release, select, hideTip }: Options) {
  const gesture = useRef<Gesture | null>(null);

  const pointOf = (event: PointerEvent) => {
    const box = svgRef.current!.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (event.button !== 0) return;
    const target = (event.target as Element).closest<SVGGElement>('[data-node-id]');
    svgRef.current?.setPointerCapture(event.pointerId);
    const point = pointOf(event);
    const nodeId = target?.dataset.nodeId;
    const place = nodeId ? positionOf(nodeId) : undefined;
    if (nodeId && place) {
      gesture.current = { kind: 'drag', pointerId: event.pointerId, nodeId, moved: false, startX: point.x, startY: point.y };
      hold(nodeId, place.x, place.y);
    } else {
      gesture.current = { kind: 'pan', pointerId: event.pointerId, startX: point.x, startY: point.y, view: view.current };
      hideTip();
    }
  };

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const current = gesture.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const point = pointOf(event);
    if (current.kind === 'pan') {
      applyView({ ...current.view, x: current.view.x + point.x - current.startX, y: current.view.y + point.y - current.startY });
      return;
    }
    if (!current.moved && Math.hypot(point.x - current.startX, point.y - current.startY) < 3) return;
    current.moved = true;
    const graph = toGraph(view.current, point);
    hold(current.nodeId, graph.x, graph.y);
    hideTip();
  };

  const onPointerEnd = (event: PointerEvent<SVGSVGElement>) => {
    const current = gesture.current;
    if (!current || current.pointerId !== event.pointerId) return;
    gesture.current = null;
    if (svgRef.current?.hasPointerCapture(event.pointerId)) svgRef.current.releasePointerCapture(event.pointerId);
    if (current.kind !== 'drag') return;
    release(current.nodeId, current.moved);
    select(current.nodeId);
  };

  return { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd };
}
