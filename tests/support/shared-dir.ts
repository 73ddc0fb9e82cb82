import fs from 'node:fs';
import path from 'node:path';

/**
 * Where ../shared (the SRD corpus, the format fixtures, the eval questions) lives.
 * One setting, SHARED_DIR, defaulting to the folder beside the repository. Suites that
 * need it call this and fail loudly when it is missing: they never skip.
 */
export function sharedDir(): string {
  const dir = path.resolve(process.env.SHARED_DIR ?? path.resolve(import.meta.dirname, '../../../shared'));
  if (!fs.existsSync(path.join(dir, 'fixtures')) || !fs.existsSync(path.join(dir, 'corpus'))) {
    throw new Error(`The shared material was not found at ${dir}. Set SHARED_DIR to the folder holding corpus/, fixtures/ and eval/.`);
  }
  return dir;
}

export function sharedPath(...parts: string[]): string {
  return path.join(sharedDir(), ...parts);
}
