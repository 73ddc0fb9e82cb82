import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { entryFile } from '../project-files';

/**
 * On a fresh data folder the embedded database is created (initdb) and migrated by a short-lived
 * process of its own, `npm run migrate`'s entry, before the server opens it: creating it peaked at
 * 567-583 MB in the server, which keeps what its heaps grew to (issue 36); the server then starts
 * as on any restart. The process ends with what it took. Does nothing when the folder holds a database.
 */
export async function createDataDirApart(pgDataDir: string): Promise<void> {
  if (fs.existsSync(path.join(pgDataDir, 'PG_VERSION'))) return;
  // The same node flags as this process (the embedded database's compiler, tsx's loader when not compiled).
  const child = fork(entryFile('server/cli/migrate.ts'), [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  // A stop meanwhile (a platform's SIGTERM) ends the creation at once and removes what it began,
  // so the next start creates the database afresh instead of finding half of one.
  const stop = (signal: NodeJS.Signals) => {
    child.kill('SIGKILL');
    child.once('exit', () => {
      fs.rmSync(pgDataDir, { recursive: true, force: true });
      process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
    });
  };
  process.once('SIGTERM', stop).once('SIGINT', stop);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode, signal) => resolve(signal ? null : exitCode));
  }).finally(() => process.off('SIGTERM', stop).off('SIGINT', stop));
  if (code !== 0) throw new Error(`Creating the database in ${pgDataDir} failed (the migrate process ended with ${code ?? 'a signal'}); see the message above.`);
}
