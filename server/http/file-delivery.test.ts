import { describe, expect, it } from 'vitest';
import { contentDisposition, deliveryOf, parseRange } from './file-delivery';

describe('file types and dispositions', () => {
  it('sends a disposition with an ASCII name and the exact one', () => {
    expect(contentDisposition('Grimoire é "1".pdf', true)).toBe(`inline; filename="Grimoire ? \\"1\\".pdf"; filename*=UTF-8''Grimoire%20%C3%A9%20%221%22.pdf`);
    expect(contentDisposition('map;1.pdf', false)).toBe('attachment; filename="map;1.pdf"');
    expect(contentDisposition('', false)).toBe('attachment; filename=document');
  });

  it('shows only PDFs and text in the browser; pages and archives always download', () => {
    expect(deliveryOf('pdf', true)).toEqual({ contentType: 'application/pdf', inline: true });
    expect(deliveryOf('md', true)).toEqual({ contentType: 'text/plain; charset=utf-8', inline: true });
    expect(deliveryOf('html', true)).toEqual({ contentType: 'text/html', inline: false });
    expect(deliveryOf('xml', true).inline).toBe(false);
    expect(deliveryOf('pdf', false).inline).toBe(false);
  });
});

describe('Range headers', () => {
  it('reads single, open, suffix and several ranges, merging overlaps', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'none' });
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'ranges', ranges: [{ start: 0, end: 9 }] });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'ranges', ranges: [{ start: 90, end: 99 }] });
    expect(parseRange('bytes=-5', 100)).toEqual({ kind: 'ranges', ranges: [{ start: 95, end: 99 }] });
    expect(parseRange('bytes=50-500', 100)).toEqual({ kind: 'ranges', ranges: [{ start: 50, end: 99 }] });
    expect(parseRange('bytes=20-29, 0-9, 5-12', 100)).toEqual({
      kind: 'ranges',
      ranges: [
        { start: 0, end: 12 },
        { start: 20, end: 29 },
      ],
    });
  });

  it('refuses what it cannot serve and ignores what it does not understand', () => {
    expect(parseRange('bytes=200-300', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange(`bytes=${Array.from({ length: 9 }, (_, i) => `${i}-${i}`).join(',')}`, 100)).toEqual({ kind: 'too-many' });
    expect(parseRange('items=0-1', 100)).toEqual({ kind: 'none' });
    expect(parseRange('bytes=9-3', 100)).toEqual({ kind: 'none' });
    expect(parseRange('bytes=abc', 100)).toEqual({ kind: 'none' });
  });
});
