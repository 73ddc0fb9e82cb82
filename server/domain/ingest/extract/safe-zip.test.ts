import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ExtractionError } from './errors';
import { SafeZip } from './safe-zip';
import { buildZipBombDocx, rawZip } from './test-fixtures';
import { DEFAULT_LIMITS } from './types';

const MB = 1024 * 1024;

function thrown(fn: () => unknown): ExtractionError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ExtractionError);
    return error as ExtractionError;
  }
  throw new Error('expected an ExtractionError');
}

describe('SafeZip', () => {
  it('reads stored and deflated entries', () => {
    const zip = SafeZip.open(zipSync({ 'a.txt': strToU8('hello'), 'dir/b.xml': [strToU8('<b>world</b>'), { level: 0 }] }), 'docx', DEFAULT_LIMITS);
    expect(zip.readText('a.txt')).toBe('hello');
    expect(zip.readText('dir/b.xml')).toBe('<b>world</b>');
    expect(zip.has('DIR/B.XML')).toBe(true);
    expect(zip.read('missing')).toBeUndefined();
  });

  it('refuses an entry that declares more than the limit before inflating a byte', () => {
    const bomb = buildZipBombDocx(64);
    const zip = SafeZip.open(bomb, 'docx', DEFAULT_LIMITS);
    const error = thrown(() => zip.read('word/document.xml'));
    expect(error.code).toBe('archive_limits');
    expect(error.message).toMatch(/expands to more than 50 MB; it looks like a zip bomb and was refused/);
    expect(zip.inflatedBytes).toBe(0);
  });

  it('stops inflating as soon as an entry exceeds the size it declared (declared sizes can lie)', () => {
    const bomb = buildZipBombDocx(1024, 10_000); // 1 GiB of data claiming to be 10 kB
    const zip = SafeZip.open(bomb, 'docx', DEFAULT_LIMITS);
    const error = thrown(() => zip.read('word/document.xml'));
    expect(error.code).toBe('archive_limits');
    expect(error.rejectAtUpload).toBe(false);
    // One 1 kB slice of input inflates to at most ~1 MB; inflation stopped right there.
    expect(zip.inflatedBytes).toBeLessThan(2 * MB);
  });

  it('a plausible declared size under the cap still bounds what is inflated', () => {
    const bomb = buildZipBombDocx(100, 30 * MB);
    const zip = SafeZip.open(bomb, 'docx', { ...DEFAULT_LIMITS, maxEntryBytes: 32 * MB });
    const error = thrown(() => zip.read('word/document.xml'));
    expect(error.code).toBe('archive_limits');
    expect(error.message).toMatch(/expands beyond the size the archive declares/);
    expect(zip.inflatedBytes).toBeLessThan(35 * MB);
  });

  it('enforces the total cap across entries', () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 3; i++) files[`part${i}.xml`] = new Uint8Array(3 * MB).fill(0x20);
    const zip = SafeZip.open(zipSync(files), 'epub', { ...DEFAULT_LIMITS, maxTotalInflatedBytes: 7 * MB });
    zip.read('part0.xml');
    zip.read('part1.xml');
    const error = thrown(() => zip.read('part2.xml'));
    expect(error.code).toBe('archive_limits');
    expect(error.message).toContain('7 MB');
  });

  it('refuses too many entries from the directory alone', () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 30; i++) files[`f${i}`] = strToU8('x');
    const error = thrown(() => SafeZip.open(zipSync(files), 'odt', { ...DEFAULT_LIMITS, maxArchiveEntries: 20 }, { atUpload: true }));
    expect(error.code).toBe('archive_limits');
    expect(error.rejectAtUpload).toBe(true);
    expect(error.message).toMatch(/30 files, more than the 20 allowed/);
  });

  it('reports a truncated archive or corrupt data as damaged', () => {
    const good = zipSync({ 'word/document.xml': strToU8('<w:document>'.repeat(1000)) });
    expect(thrown(() => SafeZip.open(good.subarray(0, good.length - 30), 'docx', DEFAULT_LIMITS)).code).toBe('damaged');
    const corrupt = rawZip([{ name: 'a.xml', method: 8, data: new Uint8Array([0xff, 0xff, 0xff, 0xff]), declaredSize: 100 }]);
    const error = thrown(() => SafeZip.open(corrupt, 'docx', DEFAULT_LIMITS).read('a.xml'));
    expect(error.code).toBe('damaged');
    expect(error.message).toBe('The Word document is damaged or incomplete; save it again and upload it again.');
  });
});
