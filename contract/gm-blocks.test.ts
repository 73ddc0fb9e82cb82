import { describe, expect, it } from 'vitest';
import { gmRanges, holdsGmBlocks, playerText, splitGmSegments } from './gm-blocks';

const text = ['# Greywater', '', 'The harbour is quiet.', ':::gm', 'The magistrate is paid.', ':::', 'Fog rolls in.', ''].join('\n');

describe(':::gm blocks', () => {
  it('cuts each block with its marker lines out of what a player sees', () => {
    expect(playerText(text)).toBe(['# Greywater', '', 'The harbour is quiet.', 'Fog rolls in.', ''].join('\n'));
    expect(holdsGmBlocks(text)).toBe(true);
    expect(holdsGmBlocks('no blocks here')).toBe(false);
  });

  it('splits the text into shown and GM-only segments at their offsets, markers in neither', () => {
    const segments = splitGmSegments(text);
    expect(segments.map((s) => [s.gm, s.text.trim()])).toEqual([
      [false, '# Greywater\n\nThe harbour is quiet.'],
      [true, 'The magistrate is paid.'],
      [false, 'Fog rolls in.'],
    ]);
    for (const s of segments) expect(text.slice(s.start, s.start + s.text.length)).toBe(s.text);
  });

  it('accepts spacing and case, runs an unclosed block to the end, and ignores markers in code fences', () => {
    expect(playerText('a\n  :::GM  \nsecret\n  :::  \nb')).toBe('a\nb');
    expect(playerText('shown\n:::gm\nsecret to the end')).toBe('shown\n');
    const fenced = '```\n:::gm\n```\nvisible';
    expect(gmRanges(fenced)).toEqual([]);
    expect(playerText('x\n:::gm\ny\n:::\n:::gm\nz\n:::\nw')).toBe('x\nw');
  });

  it('leaves formats without GM blocks whole', () => {
    expect(playerText(':::gm\nsecret\n:::', 'pdf')).toBe(':::gm\nsecret\n:::');
    expect(playerText(':::gm\nsecret\n:::', 'log')).toBe('');
  });
});
