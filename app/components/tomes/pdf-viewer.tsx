import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { clampPage, PDF_PAGE_WIDTH, PDF_ZOOM, stepZoom } from '../../../contract/tomes';
import { goToLogin } from '~/lib/api-client';

type Load = { state: 'loading' } | { state: 'ready'; pdf: PDFDocumentProxy } | { state: 'failed'; message: string };

/**
 * PDF mode of the document viewer: one page at a time on a canvas 600 px wide at 100%, page
 * navigation kept within 1..pages, zoom 50%..300% in steps of 0.2. PDF.js and the file's bytes
 * (fetched in ranges) arrive only when this mounts.
 */
export function PdfViewer({ url, downloadUrl, initialPage }: { url: string; downloadUrl: string; initialPage: number | null }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [page, setPage] = useState(initialPage ?? 1);
  const [pageInput, setPageInput] = useState(String(initialPage ?? 1));
  const [zoom, setZoom] = useState<number>(PDF_ZOOM.initial);
  const [rendering, setRendering] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);

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
  }, [load, page, zoom]);

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
  const goTo = (next: number) => setPage(clampPage(next, pageCount));
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
          <a className="button secondary" href={downloadUrl} download>
            Download PDF
          </a>
        </div>
      </div>
      <div className="pdf-stage" aria-busy={load.state === 'loading' || rendering}>
        {load.state === 'loading' && <p className="muted pdf-loading">Opening the PDF…</p>}
        <canvas ref={canvas} className={load.state === 'ready' ? 'pdf-canvas' : 'pdf-canvas hidden'} aria-label={`Page ${page} of ${pageCount}`} />
      </div>
    </div>
  );
}
