import { describe, expect, it } from 'vitest';
import { decodeCp1252, decodeText, looksBinary } from './decode';

describe('decodeText', () => {
  it('strips a UTF-8 BOM', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('Épée du dragon')]);
    expect(decodeText(bytes)).toEqual({ text: 'Épée du dragon', encoding: 'utf-8' });
  });

  it('reads UTF-16 LE and BE with a BOM, keeping the curly apostrophe', () => {
    const text = 'The dragon’s hoard lies beneath the mountain.';
    const le = new Uint8Array(2 + text.length * 2);
    le.set([0xff, 0xfe]);
    const be = new Uint8Array(2 + text.length * 2);
    be.set([0xfe, 0xff]);
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      le[2 + i * 2] = c & 0xff;
      le[3 + i * 2] = c >> 8;
      be[2 + i * 2] = c >> 8;
      be[3 + i * 2] = c & 0xff;
    }
    expect(decodeText(le)).toEqual({ text, encoding: 'utf-16le' });
    expect(decodeText(be)).toEqual({ text, encoding: 'utf-16be' });
  });

  it('falls back to Windows-1252 when the bytes are not UTF-8', () => {
    // "Les règles du maître: épée" in Latin-1, plus 0x92 (cp1252 right single quote).
    const bytes = new Uint8Array(
      [...'Les r']
        .map((c) => c.charCodeAt(0))
        .concat(
          [0xe8],
          [...'gles du ma'].map((c) => c.charCodeAt(0)),
          [0xee],
          [...'tre'].map((c) => c.charCodeAt(0)),
          [0x92],
          [...'s '].map((c) => c.charCodeAt(0)),
          [0xe9, 0x70, 0xe9, 0x65],
        ),
    );
    const { text, encoding } = decodeText(bytes);
    expect(encoding).toBe('windows-1252');
    expect(text).toBe('Les règles du maître’s épée');
  });

  it('maps the cp1252 punctuation block', () => {
    expect(decodeCp1252(new Uint8Array([0x93, 0x41, 0x94, 0x96, 0x85, 0x80]))).toBe('“A”–…€');
  });
});

describe('looksBinary', () => {
  it('flags random bytes and NULs, passes prose', () => {
    const random = new Uint8Array(8192);
    let seed = 12345;
    for (let i = 0; i < random.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      random[i] = seed >> 16;
    }
    expect(looksBinary(decodeText(random).text)).toBe(true);
    expect(looksBinary('Hello\u0000world')).toBe(true);
    expect(looksBinary('A plain paragraph.\n\tIndented line.\fNext page.')).toBe(false);
  });
});
