import { describe, expect, it } from 'vitest';
import { ACCEPTED_EXTENSIONS } from '../server/domain/ingest/extract';
import { ACCEPTED_UPLOAD_EXTENSIONS, cardTags, clampPage, formatUploadDate, parseTags, sizeBadge, stepZoom, PDF_ZOOM } from './tomes';

describe('tome rules shared by the browser and the server', () => {
  it('offers exactly the extensions the server extracts', () => {
    expect([...ACCEPTED_UPLOAD_EXTENSIONS].sort()).toEqual([...ACCEPTED_EXTENSIONS].sort());
    expect(ACCEPTED_UPLOAD_EXTENSIONS).toHaveLength(14);
  });

  it('splits tags on commas, trims them and drops blanks and repeats', () => {
    expect(parseTags(' dragons, , undead ,Dragons,  lost   city ')).toEqual(['dragons', 'undead', 'lost city']);
    expect(parseTags(['a, b', ' ', 'c'])).toEqual(['a', 'b', 'c']);
    expect(parseTags(undefined)).toEqual([]);
    expect(parseTags('')).toEqual([]);
  });

  it('shows at most three tags on a card, then how many more', () => {
    expect(cardTags(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(cardTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });

  it('keeps the page within 1..pages', () => {
    expect(clampPage(0, 19)).toBe(1);
    expect(clampPage(20, 19)).toBe(19);
    expect(clampPage(7.4, 19)).toBe(7);
    expect(clampPage(Number.NaN, 19)).toBe(1);
    expect(clampPage(3, 0)).toBe(1);
  });

  it('zooms from 50% to 300% in steps of 0.2 without drift', () => {
    let zoom: number = PDF_ZOOM.initial;
    const seen: number[] = [];
    for (let i = 0; i < 15; i++) seen.push((zoom = stepZoom(zoom, 1)));
    expect(seen.slice(0, 4)).toEqual([1.2, 1.4, 1.6, 1.8]);
    expect(Math.max(...seen)).toBe(3);
    expect(seen.at(-1)).toBe(3);
    zoom = 1;
    for (let i = 0; i < 5; i++) zoom = stepZoom(zoom, -1);
    expect(zoom).toBe(0.5);
  });

  it('sizes the badge as length / 1000 in KB', () => {
    expect(sizeBadge(12_345)).toBe('12.3 KB');
    expect(sizeBadge(0)).toBe('0.0 KB');
  });
});

describe('saving an edited document', () => {
  it('keeps the name of text and markdown, and turns other types into markdown', async () => {
    const { editedFilename } = await import('./tomes');
    expect(editedFilename('notes.md', 'md')).toBe('notes.md');
    expect(editedFilename('session.log', 'log')).toBe('session.log');
    expect(editedFilename('combat.docx', 'docx')).toBe('combat.md');
    expect(editedFilename('weapons.csv', 'csv')).toBe('weapons.md');
  });
});

describe('formatUploadDate', () => {
  it('reads the API’s ISO 8601 upload_date as a date a person reads', () => {
    expect(formatUploadDate('2026-11-29T12:15:00.000Z')).toBe('29 Nov 2026');
  });
});
