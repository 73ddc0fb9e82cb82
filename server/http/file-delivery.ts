import { create as contentDispositionHeader } from 'content-disposition';
import { combineRanges, parse as parseRangeHeader } from 'range-parser';
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

/** Content-Disposition: the exact name in RFC 5987 form where it is not ASCII, beside an ASCII fallback ("?" for the rest). */
export function contentDisposition(filename: string, inline: boolean): string {
  return contentDispositionHeader(filename || 'document', { type: inline ? 'inline' : 'attachment' });
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
  const parsed = parseRangeHeader(size, header);
  // range-parser's codes: 1 a malformed header (ignored, as RFC 9110 says), 2 nothing satisfiable.
  if (parsed.code === 1 || parsed.type !== 'bytes') return { kind: 'none' };
  if (parsed.ranges.length > MAX_RANGES) return { kind: 'too-many' };
  if (parsed.code === 2 || parsed.ranges.length === 0) return { kind: 'unsatisfiable' };
  const ranges = combineRanges(parsed.ranges).map(({ start, end }) => ({ start, end }));
  return { kind: 'ranges', ranges: ranges.sort((x, y) => x.start - y.start) };
}
