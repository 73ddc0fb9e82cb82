import { useEffect, useRef, useState } from 'react';
import type { PageViewport, PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist';
import { locateQuote } from '../../../contract/citation-target';
import { clampPage, PDF_PAGE_WIDTH, PDF_ZOOM, stepZoom } from '../../../contract/tomes';
import { goToLogin } from '~/lib/api-client';
import { CITATION_MARK_CLASS, useScrollToMark } from './use-scroll-to-mark';

type Load = { state: 'loading' } | { state: 'ready'; pdf: PDFDocumentProxy } | { state: 'failed'; message: string };

/** The zoom at which the page fills the stage's width, within 50%..300%. */
function fitWidthZoom(stage: HTMLElement | null): number {
  if (!stage) return PDF_ZOOM.initial;
  const style = getComputedStyle(stage);
  const available = stage.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return Math.min(PDF_ZOOM.max, Math.max(PDF_ZOOM.min, Math.floor((available / PDF_PAGE_WIDTH) * 100) / 100));
}

/**
 * PDF mode of the document viewer: one page at a time on a canvas 600 px wide at 100% (on a
 * screen narrower than that, fitted to the width), with its text layer over it; page
 * navigation kept within 1..pages, zoom 50%..300% in steps of 0.2, back to 100% or fit width
 * in one click. A cited quote is marked in the text layer. PDF.js and the file's bytes
 * (fetched in ranges) arrive only when this mounts.
 */
export function PdfViewer({ url, downloadUrl, initialPage, quote = null }: { url: string; downloadUrl: string; initialPage: number | null; quote?: string | null }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [page, setPage] = useState(initialPage ?? 1);
  const [pageInput, setPageInput] = useState(String(initialPage ?? 1));
  const [zoom, setZoom] = useState<number>(PDF_ZOOM.initial);
  const [rendering, setRendering] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const textLayer = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  useScrollToMark(stage, quote);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    setLoad({ state: 'loading' });
    (async () => {
      // A one-byte request first tells a server error from a network failure from a bad file.
      let probe: Response;
      try {
        probe = await fetch(url, { headers: { range: 'bytes=0-0' }, credentials: 'same-origin' });
      } catch {
        if (!cancelled) setLoad({ state: 'failed', message: 'Failed to load PDF. Network error' });
        return;
      }
      if (probe.status === 401) return goToLogin();
      if (!probe.ok) {
        if (!cancelled) setLoad({ state: 'failed', message: `Failed to load PDF. Server responded with: ${probe.status}` });
        return;
      }
      const { openPdf, pdfLoadError } = await import('./pdf-engine');
      const task = await openPdf(url);
      destroy = () => void task.destroy();
      try {
        const pdf = await task.promise;
        if (cancelled) return;
        setPage((current) => clampPage(current, pdf.numPages));
        // Narrow screens open fitted to the width; wider ones at 100%.
        setZoom(Math.min(PDF_ZOOM.initial, fitWidthZoom(stage.current)));
        setLoad({ state: 'ready', pdf });
      } catch (error) {
        if (!cancelled) setLoad({ state: 'failed', message: pdfLoadError(error) });
      }
    })().catch(() => {
      if (!cancelled) setLoad({ state: 'failed', message: 'Failed to load PDF. The PDF.js library may have an issue with this file.' });
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [url]);

  useEffect(() => setPageInput(String(page)), [page]);

  useEffect(() => {
    if (load.state !== 'ready' || !canvas.current) return;
    let task: RenderTask | undefined;
    let cancelled = false;
    setRendering(true);
    (async () => {
      const pdfPage = await load.pdf.getPage(page);
      if (cancelled || !canvas.current) return;
      const ratio = window.devicePixelRatio || 1;
      const scale = (PDF_PAGE_WIDTH / pdfPage.getViewport({ scale: 1 }).width) * zoom;
      const viewport = pdfPage.getViewport({ scale: scale * ratio });
      const target = canvas.current;
      target.width = Math.floor(viewport.width);
      target.height = Math.floor(viewport.height);
      target.style.width = `${Math.floor(viewport.width / ratio)}px`;
      target.style.height = `${Math.floor(viewport.height / ratio)}px`;
      task = pdfPage.render({ canvas: target, viewport });
      await task.promise;
      if (cancelled || !textLayer.current) return;
      await renderTextLayer(pdfPage, pdfPage.getViewport({ scale }), textLayer.current, quote, () => cancelled);
    })()
      .catch((error: { name?: string }) => {
        if (error?.name !== 'RenderingCancelledException' && !cancelled) {
          setLoad({ state: 'failed', message: 'Failed to load PDF. The PDF.js library may have an issue with this file.' });
        }
      })
      .finally(() => {
        if (!cancelled) setRendering(false);
      });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [load, page, zoom, quote]);

  if (load.state === 'failed') {
    return (
      <div className="pdf-failure" data-testid="pdf-failure">
        <p className="notice error" role="alert">
          {load.message}
        </p>
        <p>The PDF file could not be loaded. It may be corrupted or inaccessible.</p>
        <a className="button primary" href={downloadUrl} download>
          Download PDF
        </a>
      </div>
    );
  }

  const pageCount = load.state === 'ready' ? load.pdf.numPages : 0;
  const goTo = (next: number) => {
    const clamped = clampPage(next, pageCount);
    setPage(clamped);
    // The field always shows the page shown, even when what was typed was out of range.
    setPageInput(String(clamped));
  };
  return (
    <div className="pdf-viewer" data-testid="pdf-viewer">
      <div className="pdf-toolbar" role="toolbar" aria-label="PDF controls">
        <div className="row">
          <button type="button" className="secondary" onClick={() => goTo(page - 1)} disabled={pageCount === 0 || page <= 1}>
            ‹ Previous
          </button>
          <label className="page-field">
            <span className="sr-only">Page number</span>
            <input
              type="number"
              min={1}
              max={pageCount || 1}
              value={pageInput}
              disabled={pageCount === 0}
              aria-label="Page number"
              onChange={(event) => setPageInput(event.target.value)}
              onBlur={() => goTo(Number(pageInput))}
              onKeyDown={(event) => {
                if (event.key === 'Enter') goTo(Number(pageInput));
              }}
            />
          </label>
          <span className="muted" data-testid="page-count">
            of {pageCount || '…'}
          </span>
          <button type="button" className="secondary" onClick={() => goTo(page + 1)} disabled={pageCount === 0 || page >= pageCount}>
            Next ›
          </button>
        </div>
        <div className="row">
          <button type="button" className="secondary" aria-label="Zoom out" onClick={() => setZoom((z) => stepZoom(z, -1))} disabled={zoom <= PDF_ZOOM.min}>
            −
          </button>
          <span className="zoom-level" data-testid="zoom-level">
            {Math.round(zoom * 100)}%
          </span>
          <button type="button" className="secondary" aria-label="Zoom in" onClick={() => setZoom((z) => stepZoom(z, 1))} disabled={zoom >= PDF_ZOOM.max}>
            +
          </button>
          <button type="button" className="secondary" aria-label="Zoom to 100%" onClick={() => setZoom(PDF_ZOOM.initial)} disabled={zoom === PDF_ZOOM.initial}>
            100%
          </button>
          <button type="button" className="secondary" onClick={() => setZoom(fitWidthZoom(stage.current))} disabled={pageCount === 0}>
            Fit width
          </button>
          <a className="button secondary" href={downloadUrl} download>
            Download PDF
          </a>
        </div>
      </div>
      <div className="pdf-stage" ref={stage} aria-busy={load.state === 'loading' || rendering} data-testid="pdf-stage">
        {load.state === 'loading' && <p className="muted pdf-loading">Opening the PDF…</p>}
        <div className={load.state === 'ready' ? 'pdf-page' : 'pdf-page hidden'}>
          <canvas ref={canvas} className="pdf-canvas" aria-label={`Page ${page} of ${pageCount}`} />
          <div ref={textLayer} className="textLayer" data-testid="pdf-text-layer" />
        </div>
      </div>
    </div>
  );
}

/** The page's text over the canvas (selectable, searchable), with a cited quote marked. */
async function renderTextLayer(pdfPage: PDFPageProxy, viewport: PageViewport, container: HTMLDivElement, quote: string | null, cancelled: () => boolean) {
  const { textLayerClass } = await import('./pdf-engine');
  const TextLayer = textLayerClass();
  container.replaceChildren();
  container.style.setProperty('--total-scale-factor', String(viewport.scale));
  const layer = new TextLayer({ textContentSource: pdfPage.streamTextContent(), container, viewport });
  await layer.render();
  if (!quote || cancelled()) return;
  const spans = layer.textDivs;
  for (const range of locateQuote(layer.textContentItemsStr, quote)) {
    const span = spans[range.piece];
    const text = span.textContent ?? '';
    const mark = document.createElement('mark');
    mark.className = CITATION_MARK_CLASS;
    mark.dataset.testid = 'citation-mark';
    mark.textContent = text.slice(range.start, range.end);
    span.replaceChildren(text.slice(0, range.start), mark, text.slice(range.end));
  }
}
