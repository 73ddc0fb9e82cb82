import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferCacheMbFor, bufferCacheMbForDataDir } from './buffer-cache';

const MB = 1024 * 1024;

describe("the embedded database's buffer pool, sized from the library", () => {
  it('keeps 32 MB for a new or small library and grows in steps of 32 MB up to 256 MB', () => {
    expect(bufferCacheMbFor(0)).toBe(32);
    expect(bufferCacheMbFor(89 * MB)).toBe(32); // the Playwright suite's library at its end
    expect(bufferCacheMbFor(110 * MB)).toBe(64); // the 10k-passage scale library's tables
    expect(bufferCacheMbFor(276 * MB)).toBe(96); // 30k
    expect(bufferCacheMbFor(845 * MB)).toBe(256); // 100k
    expect(bufferCacheMbFor(50_000 * MB)).toBe(256);
  });

  it("measures the tables' files under the data folder, and a missing folder as empty", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-buffer-cache-'));
    try {
      expect(bufferCacheMbForDataDir(path.join(dir, 'not-there'))).toBe(32);
      expect(bufferCacheMbForDataDir('memory')).toBe(32);
      fs.mkdirSync(path.join(dir, 'base', '5'), { recursive: true });
      const table = path.join(dir, 'base', '5', '16384');
      fs.writeFileSync(table, '');
      fs.truncateSync(table, 150 * MB); // sparse: only its size counts
      expect(bufferCacheMbForDataDir(dir)).toBe(64);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
