/**
 * Disk full, as the storage reports it: Postgres (embedded or server) answers SQLSTATE 53100
 * (disk_full), Node's fs ENOSPC / EDQUOT. Read by the HTTP error handling (a 507) and by the
 * embedded database's start-up (server/db/startup-failure.ts).
 */
export function isDiskFull(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === 'ENOSPC' || e.code === 'EDQUOT' || e.code === '53100') return true;
    if (typeof (e as { message?: unknown }).message === 'string' && /No space left on device/i.test((e as { message: string }).message)) return true;
  }
  return false;
}
