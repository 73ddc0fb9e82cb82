import type { PGlite } from '@electric-sql/pglite';
import { DiskWatchingFS } from '../../server/db/embedded-recovery';

// The WebAssembly filesystem's errno for "no space left on device" (WASI).
const WASI_ENOSPC = 51;

/**
 * The data folder's real filesystem (PGlite's NodeFS, under the app's own watcher), with a disk
 * that can fill: while `full`, every write PGlite makes to the folder fails with ENOSPC, exactly
 * as the operating system fails it, below everything of ours. A small tmpfs cannot be mounted in
 * a test; this fails the same writes at the same place.
 */
export class FillingDisk {
  full = false;
  writesRefused = 0;

  /** The filesystem factory for openEmbedded (server/db/database.ts). */
  readonly filesystem = (dataDir: string, onDiskFull: () => void): DiskWatchingFS => {
    const disk = this;
    return new (class extends DiskWatchingFS {
      override async init(pg: PGlite, opts: { preRun?: Array<(mod: any) => void> }) {
        // Runs before the watcher's own preRun, so the watcher sees this failure as it would a real one.
        const fill = (mod: { FS: { write: (...args: any[]) => number; ErrnoError: new (errno: number) => Error; filesystems: { NODEFS: unknown } } }) => {
          const write = mod.FS.write.bind(mod.FS);
          mod.FS.write = (...args: any[]) => {
            // Only the data folder is on the disk; PGlite's own files live in memory.
            if (disk.full && args[0]?.node?.mount?.type === mod.FS.filesystems.NODEFS) {
              disk.writesRefused++;
              throw new mod.FS.ErrnoError(WASI_ENOSPC);
            }
            return write(...args);
          };
        };
        return super.init(pg, { ...opts, preRun: [fill, ...(opts.preRun ?? [])] });
      }
    })(dataDir, onDiskFull);
  };
}
