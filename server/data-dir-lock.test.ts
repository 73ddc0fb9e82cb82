import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireLock, readLock, startTimeOf } from './data-dir-lock';
import { parseEnv } from './env';

describe('the DATA_DIR lock', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const writeLockFile = (dir: string, info: object) => fs.writeFileSync(path.join(dir, 'tomekeeper.lock'), JSON.stringify(info));

  it('refuses a folder another live process holds, and says what to do', () => {
    const dir = tempDir();
    // The parent of this test process is alive and is not us.
    writeLockFile(dir, { pid: process.ppid, started: startTimeOf(process.ppid) });
    expect(() => acquireLock(dir)).toThrow(/Another Tomekeeper process \(pid \d+\).*Stop that process first.*DATABASE_URL/s);
  });

  it('takes over a stale lock whose pid now belongs to another process', () => {
    const dir = tempDir();
    // The pid is alive (our parent) but started at another time than the lock says: a reused pid.
    writeLockFile(dir, { pid: process.ppid, started: '1' });
    expect(readLock(dir)).toBeNull();
    const release = acquireLock(dir);
    expect(readLock(dir)?.pid).toBe(process.pid);
    release();
    expect(fs.existsSync(path.join(dir, 'tomekeeper.lock'))).toBe(false);
  });

  it('takes over a lock whose process is gone', () => {
    const dir = tempDir();
    writeLockFile(dir, { pid: 2 ** 22 + 12345 });
    acquireLock(dir)();
  });

  it('refuses an empty DATA_DIR instead of using the working directory', () => {
    expect(() => parseEnv({ DATA_DIR: '' })).toThrow(/DATA_DIR: must name a folder/);
    expect(() => parseEnv({ DATA_DIR: '   ' })).toThrow(/DATA_DIR/);
    expect(parseEnv({}).DATA_DIR).toBe(path.resolve('./data'));
  });

  it('refuses a TRUST_PROXY that is not a number of hops', () => {
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
  });

  it('reads a large PDF on one thread unless PDF_READING_THREADS asks for two', () => {
    expect(parseEnv({}).PDF_READING_THREADS).toBe(1);
    expect(parseEnv({ PDF_READING_THREADS: '2' }).PDF_READING_THREADS).toBe(2);
    expect(() => parseEnv({ PDF_READING_THREADS: '4' })).toThrow(/PDF_READING_THREADS: must be 1 or 2/);
  });
});
