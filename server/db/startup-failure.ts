import fs from 'node:fs';
import { isDiskFull } from './disk-full';

/** Below this much free space the embedded database cannot be trusted to start (WAL, checkpoints). */
export const LOW_SPACE_BYTES = 64 * 1024 * 1024;

/**
 * Why the embedded database did not start, in words an operator can act on. PGlite itself says
 * only "PGlite failed to initialize properly" when the disk under DATA_DIR is full, so the free
 * space is read and named; any other failure is passed on as it is.
 */
export function explainStartupFailure(error: unknown, dataDir: string, freeBytes: number | null): unknown {
  const full = isDiskFull(error) || (freeBytes !== null && freeBytes < LOW_SPACE_BYTES);
  if (!full) return error;
  const free = freeBytes === null ? 'no' : `only ${(freeBytes / (1024 * 1024)).toFixed(1)} MB of`;
  return new Error(
    `The embedded database in ${dataDir} could not start: the disk holding it has ${free} free space. ` +
      'Free some disk space (or point DATA_DIR at a larger disk) and start the server again; nothing stored was lost.',
    { cause: error },
  );
}

/** Free bytes on the disk holding `dir` (its nearest existing parent), or null when unknown. */
export function freeBytesAt(dir: string): number | null {
  for (let at = dir; ; ) {
    try {
      const stats = fs.statfsSync(at);
      return stats.bavail * stats.bsize;
    } catch {
      const parent = at.replace(/[\\/][^\\/]*$/, '');
      if (!parent || parent === at) return null;
      at = parent;
    }
  }
}
