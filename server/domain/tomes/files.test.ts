import { describe, expect, it } from 'vitest';
import { safeFilename } from './files';

describe('stored file names', () => {
  it('keeps only the last path segment and safe characters', () => {
    expect(safeFilename('../../etc/passwd.md')).toBe('passwd.md');
    expect(safeFilename('..\\..\\boot.ini.txt')).toBe('boot.ini.txt');
    expect(safeFilename('  Spells of the Realm.PDF ')).toBe('Spells of the Realm.PDF');
    expect(safeFilename('a<b>c:"d"|e?.md')).toBe('a_b_c__d__e_.md');
    expect(safeFilename('line\r\nbreak\u0000.txt')).toBe('linebreak.txt');
    expect(safeFilename('.hidden.md')).toBe('hidden.md');
    expect(safeFilename('../.md')).toBe('document.md');
    expect(safeFilename('')).toBe('document');
    const long = safeFilename(`${'x'.repeat(400)}.docx`);
    expect(long.length).toBeLessThanOrEqual(180);
    expect(long.endsWith('.docx')).toBe(true);
  });
});
