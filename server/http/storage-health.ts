import { isDiskFull } from '../db/disk-full';

/**
 * Disk full, as the storage reports it: Postgres (embedded or server) answers SQLSTATE 53100
 * (disk_full) or 53000-class errors, and Node's fs answers ENOSPC / EDQUOT. The error handler
 * turns one into a 507 with a message, and /api/health reports the storage as full for
 * RECOVERY_MS after the last such failure.
 */
export const DISK_FULL_MESSAGE = 'The server has run out of storage space, so nothing was saved. Ask the administrator to free disk space, then try again.';

export { isDiskFull };

const RECOVERY_MS = 5 * 60_000;

export class StorageHealth {
  private fullAt: number | null = null;

  reportFull(now = Date.now()) {
    this.fullAt = now;
  }

  /**
   * The storage's state for /api/health. `recoveredAt`: when the embedded database last started
   * again after its disk filled; a failure before that is over.
   */
  state(now = Date.now(), recoveredAt: number | null = null): { full: boolean; since: Date | null } {
    if (this.fullAt !== null && now - this.fullAt > RECOVERY_MS) this.fullAt = null;
    if (this.fullAt !== null && recoveredAt !== null && recoveredAt >= this.fullAt) this.fullAt = null;
    return { full: this.fullAt !== null, since: this.fullAt === null ? null : new Date(this.fullAt) };
  }
}
