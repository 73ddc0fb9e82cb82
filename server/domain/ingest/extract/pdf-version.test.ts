import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

describe('one PDF.js', () => {
  it('the viewer and the server read PDFs with the release unpdf bundles', () => {
    const pdfjs = JSON.parse(fs.readFileSync(require.resolve('pdfjs-dist/package.json'), 'utf8')) as { version: string };
    const bundled = fs.readFileSync(path.join(path.dirname(require.resolve('unpdf')), 'pdfjs.mjs'), 'utf8');
    const versions = new Set(bundled.match(/\b\d+\.\d+\.\d{3}\b/g) ?? []);
    expect(versions, `unpdf bundles PDF.js ${[...versions].join(', ')}; pdfjs-dist is ${pdfjs.version}`).toContain(pdfjs.version);
  });
});
