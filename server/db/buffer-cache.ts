import fs from 'node:fs';
import path from 'node:path';

const MB = 1024 * 1024;
/** The pool of a small library: memory stays bounded after large ingests (ADR 0165). */
export const MIN_BUFFER_CACHE_MB = 32;
/** A 100k-passage library (845 MB of tables) searches within 50 ms from this size up (ADR 0218). */
export const MAX_BUFFER_CACHE_MB = 256;
/** Share of the library's tables the pool may hold. */
const SHARE_OF_LIBRARY = 1 / 3;

/** Bytes of the files under a folder (0 when it does not exist yet). */
function folderBytes(folder: string): number {
  let total = 0;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(folder, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const at = path.join(folder, entry.name);
    if (entry.isDirectory()) total += folderBytes(at);
    else if (entry.isFile()) total += fs.statSync(at, { throwIfNoEntry: false })?.size ?? 0;
  }
  return total;
}

/**
 * The embedded database's buffer pool, in MB, for a library whose tables take this many bytes: a
 * third of it, in steps of 32 MB, between 32 and 256 MB. PGlite's WebAssembly heap keeps every page the pool
 * once held, so the pool is what a large search may keep resident; a small library keeps the
 * 32 MB that bounds memory after ingests, a large one buys its search speed with memory.
 */
export function bufferCacheMbFor(libraryBytes: number): number {
  const wanted = Math.ceil((libraryBytes * SHARE_OF_LIBRARY) / MB / MIN_BUFFER_CACHE_MB) * MIN_BUFFER_CACHE_MB;
  return Math.min(MAX_BUFFER_CACHE_MB, Math.max(MIN_BUFFER_CACHE_MB, wanted));
}

/** The pool for the data folder as it is at start-up (the tables' files under `base`). */
export function bufferCacheMbForDataDir(dataDir: string | 'memory'): number {
  return dataDir === 'memory' ? MIN_BUFFER_CACHE_MB : bufferCacheMbFor(folderBytes(path.join(dataDir, 'base')));
}
