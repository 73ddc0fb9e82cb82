import { describe, expect, it } from 'vitest';
import { wrapInGmBlock } from './gm-block-wrap';
import { playerText, splitGmSegments } from './gm-blocks';

const LIST = ['# Harbour', '', '- The docks are quiet.', '- The harbourmaster takes bribes from the Salt Guild.', '- Fog rolls in at dusk.', '', 'The end.'].join(
  '\n',
);
const select = (text: string, part: string, from = 0, length = part.length) => {
  const start = text.indexOf(part) + from;
  return { start, end: start + length };
};

describe('Mark GM-only wraps whole blocks', () => {
  it('wraps the whole list item when half of its line is selected', () => {
    const wrapped = wrapInGmBlock(LIST, select(LIST, 'harbourmaster takes bribes', 4, 10), 'md')!;
    expect(wrapped.text).toBe(
      [
        '# Harbour',
        '',
        '- The docks are quiet.',
        ':::gm',
        '- The harbourmaster takes bribes from the Salt Guild.',
        ':::',
        '- Fog rolls in at dusk.',
        '',
        'The end.',
      ].join('\n'),
    );
    expect(wrapped.text.slice(wrapped.selection.start, wrapped.selection.end)).toMatch(/^:::gm\n- The harbourmaster[^\n]*\n:::$/);
    expect(playerText(wrapped.text)).not.toContain('bribes');
    expect(playerText(wrapped.text)).toContain('- Fog rolls in at dusk.');
  });

  it('wraps the whole paragraph around the cursor, and every block a selection touches', () => {
    const text = 'First line of a paragraph\nsecond line of it.\n\nAnother paragraph.\n';
    expect(wrapInGmBlock(text, { start: 30, end: 30 }, 'md')!.text).toBe(':::gm\nFirst line of a paragraph\nsecond line of it.\n:::\n\nAnother paragraph.\n');
    const both = wrapInGmBlock(LIST, select(LIST, 'quiet.\n- The harbour'), 'md')!.text;
    expect(
      splitGmSegments(both)
        .filter((part) => part.gm)
        .map((part) => part.text),
    ).toEqual(['- The docks are quiet.\n- The harbourmaster takes bribes from the Salt Guild.\n']);
  });

  it('takes a nested list item with its whole top-level item, and never splits a code fence', () => {
    const nested = '- Outer\n  - Inner secret\n- Next\n';
    expect(wrapInGmBlock(nested, select(nested, 'secret'), 'md')!.text).toBe(':::gm\n- Outer\n  - Inner secret\n:::\n- Next\n');
    const fence = 'Intro.\n\n```\nline one\nline two\n```\n';
    expect(wrapInGmBlock(fence, select(fence, 'two'), 'md')!.text).toBe('Intro.\n\n:::gm\n```\nline one\nline two\n```\n:::\n');
  });

  it('merges the GM blocks it touches into one, and leaves a blank line alone', () => {
    const text = 'Open.\n:::gm\nSecret one.\n:::\nOpen two.\n';
    expect(wrapInGmBlock(text, select(text, 'one.\n:::\nOpen'), 'md')!.text).toBe('Open.\n:::gm\nSecret one.\nOpen two.\n:::\n');
    expect(wrapInGmBlock('One.\n\nTwo.', { start: 5, end: 5 }, 'md')).toBeNull();
  });

  it('wraps whole lines of a text file', () => {
    const log = 'Session 3\nThe party met Hollis.\nHollis is the spy.\n';
    expect(wrapInGmBlock(log, select(log, 'the spy', 0, 3), 'txt')!.text).toBe('Session 3\nThe party met Hollis.\n:::gm\nHollis is the spy.\n:::\n');
  });
});
