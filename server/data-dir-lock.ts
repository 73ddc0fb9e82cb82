import fs from 'node:fs';
import path from 'node:path';

/**
 * Only one process may open the embedded database. The holder writes its pid here; the
 * admin CLI reads it (and the admin bridge file) to reach a running server instead.
 */
export interface LockInfo {
  pid: number;
  /** When the holder process started (Linux /proc ticks): a reused pid is not the holder. */
  started?: string;
  port?: number;
  secret?: string;
}

const lockPath = (dataDir: string) => path.join(dataDir, 'tomekeeper.lock');

export function readLock(dataDir: string): LockInfo | null {
  try {
    const info = JSON.parse(fs.readFileSync(lockPath(dataDir), 'utf8')) as LockInfo;
    return isHolder(info) ? info : null;
  } catch {
    return null;
  }
}

export function acquireLock(dataDir: string, info: Omit<LockInfo, 'pid'> = {}): () => void {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EACCES' && code !== 'EPERM') throw error;
    // A volume a platform mounted owned by root, under an image that runs as another user.
    const uid = process.getuid?.() ?? 'this user';
    throw new Error(
      `The data folder ${dataDir} cannot be written by this process's user (uid ${uid}). Give the folder to that user ` +
        `(chown -R ${uid} ${dataDir}, as root), or set DATA_DIR to a folder it can write.`,
    );
  }
  const holder = readLock(dataDir);
  if (holder && holder.pid !== process.pid) {
    throw new Error(
      `Another Tomekeeper process (pid ${holder.pid}) has the embedded database in ${dataDir} open, and only one ` +
        `process may. Stop that process first (the admin CLI reaches it while it runs), or point DATA_DIR at another ` +
        `folder, or set DATABASE_URL to share a Postgres server between processes.`,
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
  fs.writeFileSync(file, JSON.stringify({ pid: process.pid, started: startTimeOf(process.pid), ...info }), { mode: 0o600 });
}

/** The lock's writer is still running: its pid is alive and, where we can tell, is the same process. */
function isHolder(info: LockInfo): boolean {
  if (!isAlive(info.pid)) return false;
  const started = startTimeOf(info.pid);
  return !(info.started && started && started !== info.started);
}

/** A process's start time from /proc/<pid>/stat (field 22), or undefined off Linux. */
export function startTimeOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
