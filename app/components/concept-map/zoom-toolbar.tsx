import { ZOOM_BUTTON_STEP } from '../../../contract/concept-map';

interface ZoomToolbarProps {
  zoom: number;
  zoomBy(factor: number): void;
  reset(): void;
}

/** Zoom in, zoom out (×1.2 a step) and Reset, which fits the whole map in the canvas. */
export function ZoomToolbar({ zoom, zoomBy, reset }: ZoomToolbarProps) {
  return (
    <div className="cm-zoom" role="toolbar" aria-label="Zoom">
      <button type="button" className="secondary" aria-label="Zoom in" title="Zoom in" onClick={() => zoomBy(ZOOM_BUTTON_STEP)}>
        +
      </button>
      <button type="button" className="secondary" aria-label="Zoom out" title="Zoom out" onClick={() => zoomBy(1 / ZOOM_BUTTON_STEP)}>
        −
      </button>
      <button type="button" className="secondary" aria-label="Reset view" title="Reset view" onClick={reset}>
        Reset
      </button>
      <span className="cm-zoom-level" data-testid="zoom-level">
        {Math.round(zoom * 100)}%
      </span>
    </div>
  );
}
