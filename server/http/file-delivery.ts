import { mimeTypeOf } from '../domain/tomes';

/**
 * How a stored original goes out over HTTP: its type and disposition, and the byte ranges a
 * Range header asks for. HTTP's business, so here and not in the domain.
 */

/** Types a browser may show inline without running anything from the file. */
const INLINE_AS_TEXT = new Set(['txt', 'log', 'md', 'csv', 'json', 'tex']);

/**
 * How a stored file is sent. A PDF may open in the browser; text formats open as plain text;
 * everything else (HTML, XML, archives) is always a download, so an uploaded page can never
 * run script on our origin.
 */
export function deliveryOf(fileType: string, wantsInline: boolean): { contentType: string; inline: boolean } {
  if (wantsInline && fileType === 'pdf') return { contentType: 'application/pdf', inline: true };
  if (wantsInline && INLINE_AS_TEXT.has(fileType)) return { contentType: 'text/plain; charset=utf-8', inline: true };
  return { contentType: mimeTypeOf(fileType), inline: false };
}

/** Content-Disposition with an ASCII fallback name and the exact name in RFC 5987 form. */
export function contentDisposition(filename: string, inline: boolean): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_') || 'document';
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/** More ranges than this in one request is refused (a many-small-ranges request costs far more than it reads). */
export const MAX_RANGES = 8;

export type RangeRequest = { kind: 'none' } | { kind: 'ranges'; ranges: ByteRange[] } | { kind: 'unsatisfiable' } | { kind: 'too-many' };

/**
 * Reads a Range header (RFC 9110 section 14) against a file of `size` bytes. Anything that is
 * not a bytes range is ignored (the whole file is sent). Overlapping or adjacent ranges are merged.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'none' };
  const match = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!match) return { kind: 'none' };
  const specs = match[1]
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (specs.length === 0) return { kind: 'none' };
  if (specs.length > MAX_RANGES) return { kind: 'too-many' };
  const ranges: ByteRange[] = [];
  for (const spec of specs) {
    const parts = /^(\d*)\s*-\s*(\d*)$/.exec(spec);
    if (!parts || (parts[1] === '' && parts[2] === '')) return { kind: 'none' };
    let start: number;
    let end: number;
    if (parts[1] === '') {
      const suffix = Number(parts[2]);
      if (suffix === 0) continue;
      start = Math.max(0, size - suffix);
      end = size - 1;
    } else {
      start = Number(parts[1]);
      end = parts[2] === '' ? size - 1 : Math.min(Number(parts[2]), size - 1);
      if (parts[2] !== '' && Number(parts[2]) < start) return { kind: 'none' };
    }
    if (start >= size || size === 0) continue;
    ranges.push({ start, end });
  }
  if (ranges.length === 0) return { kind: 'unsatisfiable' };
  ranges.sort((a, b) => a.start - b.start);
  const merged: ByteRange[] = [ranges[0]];
  for (const range of ranges.slice(1)) {
    const last = merged[merged.length - 1];
    if (range.start <= last.end + 1) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return { kind: 'ranges', ranges: merged };
}
