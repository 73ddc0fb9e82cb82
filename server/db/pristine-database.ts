import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../project-files';

/**
 * An empty, migrated embedded database that `npm run build` dumps once (PGlite's `dumpDataDir`,
 * gzip): a fresh data folder is loaded from it instead of being made by initdb, which peaked at
 * 555 MB and took twice as long as loading (ADR 0350, issue 36). Migrations still run after
 * loading, so an archive older than db/migrations only costs the newer ones' time. Without a build
 * (`npm run dev`, tests) there is no archive and initdb runs as before.
 */
export const PRISTINE_DATABASE_FILE = path.join(PROJECT_ROOT, 'dist/pristine-database.tar.gz');

/** The archive to load into `dataDir`: only when the folder holds no database yet and the archive exists. */
export function pristineDatabaseFor(dataDir: string, file = PRISTINE_DATABASE_FILE): Blob | undefined {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION')) || !fs.existsSync(file)) return undefined;
  return new Blob([fs.readFileSync(file)], { type: 'application/x-gzip' });
}
