// Writes a .br and a .gz beside every compressible file of the client build (build/client by
// default), so the server sends them as they are instead of compressing on each request.
//   node scripts/precompress-assets.mjs [folder]
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|map|wasm)$/;
// Below this, compressing saves less than the headers cost (the same threshold as @fastify/compress).
const MIN_BYTES = 1024;

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
    if (body.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gzip(body, { level: 9 }),
    ]);
    // A variant no smaller than the file is left out; the server then sends the file itself.
    if (br.length < body.length) await fs.writeFile(`${file}.br`, br);
    if (gz.length < body.length) await fs.writeFile(`${file}.gz`, gz);
    written++;
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = path.resolve(process.argv[2] ?? 'build/client');
  const count = await precompress(folder);
  console.log(`precompressed ${count} files in ${path.relative(process.cwd(), folder) || '.'}`);
}
