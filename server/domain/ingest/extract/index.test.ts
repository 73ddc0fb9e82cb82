import { describe, expect, it } from 'vitest';
import { ACCEPTED_EXTENSIONS, ExtractionError, extensionOf, extractDocument, sectionsOf, validateUpload } from './index';

const enc = (s: string) => new TextEncoder().encode(s);

function uploadError(bytes: Uint8Array, name: string, limits?: Parameters<typeof validateUpload>[2]): ExtractionError {
  try {
    validateUpload(bytes, name, limits);
  } catch (error) {
    expect(error).toBeInstanceOf(ExtractionError);
    return error as ExtractionError;
  }
  throw new Error(`${name} was accepted`);
}

describe('upload checks', () => {
  it('knows the accepted extensions', () => {
    expect([...ACCEPTED_EXTENSIONS].sort()).toEqual(['csv', 'docx', 'epub', 'htm', 'html', 'json', 'log', 'md', 'odt', 'pdf', 'rtf', 'tex', 'txt', 'xml']);
    expect(extensionOf('Players Handbook.PDF')).toBe('pdf');
    expect(extensionOf('C:\\notes\\session.12.log')).toBe('log');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('README')).toBe('');
  });

  it('refuses an unsupported type, an empty file and an oversized one at once', () => {
    const exe = uploadError(enc('MZ...'), 'setup.exe');
    expect(exe).toMatchObject({ code: 'unsupported_type', rejectAtUpload: true });
    expect(exe.message).toMatch(/^Files of type \.exe cannot be added to a tome\. Upload one of: \.pdf, \.docx/);
    expect(uploadError(enc('x'), 'README').message).toMatch(/has no extension/);
    expect(uploadError(new Uint8Array(0), 'empty.txt')).toMatchObject({
      code: 'empty_file',
      rejectAtUpload: true,
      message: 'The file is empty. Check that it saved correctly and upload it again.',
    });
    expect(uploadError(enc(' \n\t\n'), 'blank.md').code).toBe('empty_file');
    expect(uploadError(new Uint8Array(2048).fill(65), 'big.txt', { maxFileBytes: 1024 })).toMatchObject({ code: 'too_large', rejectAtUpload: true });
  });

  it('refuses 8 KB of random bytes named .txt as not text, and a PDF named .txt as a mismatch', () => {
    const noise = new Uint8Array(8192);
    let seed = 42;
    for (let i = 0; i < noise.length; i++) {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      noise[i] = seed >>> 24;
    }
    const error = uploadError(noise, 'notes.txt');
    expect(error).toMatchObject({ code: 'not_text', rejectAtUpload: true });
    expect(error.message).toMatch(/^This file does not look like text/);
    const pdf = new Uint8Array([...enc('%PDF-1.7\n%\xe2\xe3\n'), ...noise.subarray(0, 2048)]);
    expect(uploadError(pdf, 'notes.txt').message).toMatch(/this is not a text file \(it looks like a PDF file\)/);
    expect(validateUpload(enc('MZ-3 is the name of the airship.'), 'airship.txt')).toBe('txt');
  });

  it('accepts text in any of the supported encodings', () => {
    expect(validateUpload(Uint8Array.from([0x63, 0x61, 0x66, 0xe9]), 'latin1.txt')).toBe('txt');
    expect(validateUpload(Uint8Array.from([0xff, 0xfe, 0x41, 0x00]), 'utf16.txt')).toBe('txt');
  });
});

describe('extractDocument', () => {
  it('decodes Latin-1 text files with their accents and cp1252 apostrophe', async () => {
    const bytes = Uint8Array.from([...'Le ma'].map((c) => c.charCodeAt(0)).concat([0xee, 0x74, 0x72, 0x65, 0x92, 0x73, 0x20, 0xe9, 0x70, 0xe9, 0x65]));
    const doc = await extractDocument(bytes, 'latin1.txt');
    expect(doc.text).toBe('Le maître’s épée');
  });

  it('reports a document with no words as having no readable text', async () => {
    await expect(extractDocument(enc('<html><body><script>x()</script></body></html>'), 'empty.html')).rejects.toMatchObject({
      code: 'empty_file',
      rejectAtUpload: false,
    });
  });

  it('gives each content block its heading path', async () => {
    const doc = await extractDocument(enc('# Combat\n\nIntro.\n\n## Damage and Healing\n\n### Instant Death\n\nMassive damage.\n\n## Movement\n\nMove.'), 'c.md');
    expect(sectionsOf(doc.blocks)).toEqual([
      { text: 'Intro.', headingPath: ['Combat'] },
      { text: 'Massive damage.', headingPath: ['Combat', 'Damage and Healing', 'Instant Death'] },
      { text: 'Move.', headingPath: ['Combat', 'Movement'] },
    ]);
  });
});
