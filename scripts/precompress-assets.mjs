// Writes a .br and a .gz beside every compressible file of the client build (build/client by
// default), so the server sends them as they are instead of compressing on each request.
// The .gz is Zopfli's: still gzip to every browser, 3-4% smaller than zlib's level 9 (ADR 0258).
//   node scripts/precompress-assets.mjs [folder]
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { gzipAsync as zopfliGzip } from '@gfx/zopfli';

const brotli = promisify(zlib.brotliCompress);
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|map|wasm)$/;
// A variant is written only if it saves more than its Content-Encoding header line costs.
const MIN_SAVING_BYTES = 32;

async function* filesIn(folder) {
  for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* filesIn(full);
    else if (entry.isFile()) yield full;
  }
}

export async function precompress(folder) {
  let written = 0;
  for await (const file of filesIn(folder)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const body = await fs.readFile(file);
    if (body.length <= MIN_SAVING_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      zopfliGzip(body, { numiterations: 5 }),
    ]);
    // Without a variant, the server sends the file itself.
    const worthIt = (variant) => body.length - variant.length >= MIN_SAVING_BYTES;
    if (worthIt(br)) await fs.writeFile(`${file}.br`, br);
    if (worthIt(gz)) await fs.writeFile(`${file}.gz`, gz);
    if (worthIt(br) || worthIt(gz)) written++;
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = path.resolve(process.argv[2] ?? 'build/client');
  const count = await precompress(folder);
  console.log(`precompressed ${count} files in ${path.relative(process.cwd(), folder) || '.'}`);
}
