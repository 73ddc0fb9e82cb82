import { describe, expect, it } from 'vitest';
import { extractDocument } from './index';
import { describeLongRuns, emptyLongRunReport, limitLongRuns } from './long-runs';

const base64 = (length: number) => 'iVBORw0KGgoAAAANSUhEUg9+/'.repeat(Math.ceil(length / 25)).slice(0, length);

describe('limits on runs that are not prose', () => {
  it('leaves ordinary text alone', () => {
    const report = emptyLongRunReport();
    const text = 'The dragon sleeps. See https://example.com/a/b?c=d for the map.';
    expect(limitLongRuns(text, report)).toBe(text);
    expect(describeLongRuns(report)).toEqual([]);
  });

  it('skips the payload of a data: URI and says so', () => {
    const report = emptyLongRunReport();
    const text = `Map:\n\n![map](data:image/png;base64,${base64(300_000)}==)\n\nThe end.`;
    const out = limitLongRuns(text, report);
    expect(out).toBe('Map:\n\n![map](data:image/png;base64,[skipped: 293 KB of base64 data])\n\nThe end.');
    expect(describeLongRuns(report)).toEqual(['Skipped 1 embedded base64 blob (293 KB): not readable text.']);
  });

  it('skips a bare base64 dump, but only cuts a long run that is not base64', () => {
    const report = emptyLongRunReport();
    const out = limitLongRuns(`one ${base64(5_000)} two ${'x'.repeat(3_000)} three`, report);
    expect(out).toBe(`one [skipped: 5 KB of base64 data] two ${'x'.repeat(3_000)} three`);
    expect(describeLongRuns(report)).toEqual([
      'Skipped 1 embedded base64 blob (5 KB): not readable text.',
      'Cut 1 unbroken run of text longer than 1,000 characters (the longest 3,000) into passages.',
    ]);
  });

  it('handles a run of many megabytes without a regular expression running out of stack', () => {
    const report = emptyLongRunReport();
    const run = 'x'.repeat(20_000_000);
    expect(limitLongRuns(run, report)).toBe(run);
    expect(report).toMatchObject({ cutWords: 1, longestWordChars: 20_000_000 });
  });

  it('reports what it did on the extracted document; a file that was only a blob has no text', async () => {
    const md = new TextEncoder().encode(`# Notes\n\nProse.\n\n![x](data:image/png;base64,${base64(2_000)})\n`);
    const doc = await extractDocument(md, 'notes.md');
    expect(doc.text).toContain('[skipped: 2 KB of base64 data]');
    expect(doc.notes).toEqual(['Skipped 1 embedded base64 blob (2 KB): not readable text.']);
    await expect(extractDocument(new TextEncoder().encode(base64(4_000)), 'dump.txt')).rejects.toThrow(
      /No readable text was found in this text file\. Skipped 1 embedded base64 blob \(4 KB\)/,
    );
  });
});
