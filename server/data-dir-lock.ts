import fs from 'node:fs';
import path from 'node:path';

/**
 * Only one process may open the embedded database. The holder writes its pid here; the
 * admin CLI reads it (and the admin bridge file) to reach a running server instead.
 */
export interface LockInfo {
  pid: number;
  port?: number;
  secret?: string;
}

const lockPath = (dataDir: string) => path.join(dataDir, 'tomekeeper.lock');

export function readLock(dataDir: string): LockInfo | null {
  try {
    const info = JSON.parse(fs.readFileSync(lockPath(dataDir), 'utf8')) as LockInfo;
    return isAlive(info.pid) ? info : null;
  } catch {
    return null;
  }
}

export function acquireLock(dataDir: string, info: Omit<LockInfo, 'pid'> = {}): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const holder = readLock(dataDir);
  if (holder && holder.pid !== process.pid) {
    throw new Error(
      `Another Tomekeeper process (pid ${holder.pid}) has the database in ${dataDir} open. Stop it first, or use DATABASE_URL.`,
    );
  }
  writeLock(dataDir, info);
  return () => {
    try {
      if (readLock(dataDir)?.pid === process.pid) fs.unlinkSync(lockPath(dataDir));
    } catch {
      /* already gone */
    }
  };
}

export function writeLock(dataDir: string, info: Omit<LockInfo, 'pid'>) {
  const file = lockPath(dataDir);
  fs.writeFileSync(file, JSON.stringify({ pid: process.pid, ...info }), { mode: 0o600 });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
