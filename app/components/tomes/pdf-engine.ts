import type { PDFDocumentLoadingTask } from 'pdfjs-dist';

/**
 * PDF.js, loaded only when a PDF is opened (this module is itself imported on demand, so no
 * other page downloads it). Browsers with the newest built-ins get the modern build; older
 * ones get PDF.js's legacy build with its polyfills.
 */
function supportsModernBuild(): boolean {
  const map = Map.prototype as unknown as Record<string, unknown>;
  const bytes = Uint8Array as unknown as Record<string, unknown>;
  return typeof map.getOrInsertComputed === 'function' && typeof bytes.fromBase64 === 'function';
}

type PdfJs = typeof import('pdfjs-dist');
let loaded: PdfJs | null = null;

/** PDF.js's text layer (selectable text over the canvas), from the build openPdf loaded. */
export function textLayerClass(): PdfJs['TextLayer'] {
  if (!loaded) throw new Error('openPdf must run first');
  return loaded.TextLayer;
}

export async function openPdf(url: string): Promise<PDFDocumentLoadingTask> {
  const [pdfjs, worker] = supportsModernBuild()
    ? await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')])
    : await Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import('pdfjs-dist/legacy/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  loaded = pdfjs as unknown as PdfJs;
  return pdfjs.getDocument({
    url,
    // The file is fetched in 64 KB ranges as pages need them, never all at once.
    rangeChunkSize: 64 * 1024,
    disableAutoFetch: true,
    disableStream: true,
  });
}

/** The spec's three messages for a PDF that does not open. */
export function pdfLoadError(error: unknown): string {
  const { name, status, message } = (error ?? {}) as { name?: string; status?: number; message?: string };
  if ((name === 'ResponseException' || name === 'UnexpectedResponseException') && status) return `Failed to load PDF. Server responded with: ${status}`;
  if (name === 'ResponseException' || error instanceof TypeError || /failed to fetch|network/i.test(message ?? '')) return 'Failed to load PDF. Network error';
  return 'Failed to load PDF. The PDF.js library may have an issue with this file.';
}
