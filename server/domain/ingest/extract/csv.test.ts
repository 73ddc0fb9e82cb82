import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';
import { extractDocument } from './index';

const enc = (s: string) => new TextEncoder().encode(s);

describe('csv', () => {
  it('parses quoted fields holding commas, doubled quotes and line breaks', () => {
    expect(parseCsv('a,b,c\r\n"1, 2","say ""hi""","two\nlines"\n3,,x')).toEqual([
      ['a', 'b', 'c'],
      ['1, 2', 'say "hi"', 'two\nlines'],
      ['3', '', 'x'],
    ]);
  });

  it('reads tables as people save them: stray quotes, ragged rows, spaces before a quote, an unclosed quote', () => {
    expect(parseCsv('a,b\n5" blade, "x, y"\rlast\n"open, never closed')).toEqual([['a', 'b'], ['5" blade', 'x, y'], ['last'], ['open, never closed']]);
  });

  it('detects semicolons and tabs as delimiters', () => {
    expect(parseCsv('a;b\n1;2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('a\tb\n1\t2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('makes one table: header row first, rows joined with |', async () => {
    const csv = 'Name,Cost,Properties\nDagger,2 gp,"Finesse, light, thrown (range 20/60)"\n,,\nClub,1 sp,Light\n';
    const doc = await extractDocument(enc(csv), 'weapons.csv');
    expect(doc.text).toBe('Name | Cost | Properties\nDagger | 2 gp | Finesse, light, thrown (range 20/60)\nClub | 1 sp | Light');
    const rows = doc.blocks.filter((b) => b.kind === 'table-row');
    expect(rows.map((r) => r.kind === 'table-row' && [r.header, r.table, r.cells.length])).toEqual([
      [true, 0, 3],
      [false, 0, 3],
      [false, 0, 3],
    ]);
  });
});
