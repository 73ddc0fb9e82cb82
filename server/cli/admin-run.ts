import { databaseTargetFromEnv, openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { acquireLock, readLock, type LockInfo } from '../data-dir-lock';
import type { Env } from '../env';
import { ADMIN_USAGE, adminCommandSchema, runAdminCommand } from './admin-commands';
import { backupToFile, restoreFromFile } from './backup-commands';

/** A command line the CLI cannot read: the process ends with status 2 and the usage. */
export class AdminUsageError extends Error {}

/**
 * `npm run admin -- <command>` as a function: the lines it prints, or an error with what went
 * wrong (server/cli/admin.ts is the process around it). With the embedded database only one
 * process may open it, so when a server holds it the command goes to that server over loopback
 * with the secret it wrote into DATA_DIR; otherwise the CLI opens the data itself (holding the
 * same lock).
 */
export async function runAdmin(argv: string[], env: Env): Promise<string[]> {
  const [command, ...args] = argv;
  if (command === 'backup' || command === 'restore') return backupOrRestore(env, command, args[0]);
  const parsed = adminCommandSchema.safeParse({ command, args });
  if (!parsed.success) throw new AdminUsageError(ADMIN_USAGE);
  return onServerOrDatabase(
    env,
    async (running) => {
      const response = await fetch(`http://127.0.0.1:${running.port}/api/admin/run`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-admin-secret': running.secret ?? '' },
        body: JSON.stringify(parsed.data),
      });
      const body = (await response.json()) as { lines?: string[]; error?: string };
      if (!response.ok) throw new Error(body.error ?? `The server answered ${response.status}`);
      return body.lines ?? [];
    },
    async (database) => {
      await migrate(database);
      return runAdminCommand(database.db, parsed.data.command, parsed.data.args);
    },
  );
}

/**
 * A backup while a server holds the embedded database is made by that server (one snapshot,
 * streamed here); otherwise the CLI reads the database itself. A restore never goes through a
 * server: its target must be empty, so none can be running on it.
 */
async function backupOrRestore(env: Env, command: 'backup' | 'restore', file: string | undefined) {
  if (!file) throw new AdminUsageError(`Usage: npm run admin -- ${command} FILE`);
  return onServerOrDatabase(
    env,
    async (running) => {
      if (command === 'restore') throw new Error('A server is running on this DATA_DIR: restore into an empty DATA_DIR with no server running.');
      return backupToFile(file, { running });
    },
    (database) => (command === 'backup' ? backupToFile(file, { database }) : restoreFromFile(file, database)),
    // A restore migrates only to its backup's level: a fresh folder starts with no tables at all.
    { empty: command === 'restore' },
  );
}

/** Runs a command through the server holding the embedded database, or on the database itself (holding its lock). */
async function onServerOrDatabase(
  env: Env,
  viaServer: (running: LockInfo) => Promise<string[]>,
  onDatabase: (database: Database) => Promise<string[]>,
  openOptions: { empty?: boolean } = {},
) {
  const target = databaseTargetFromEnv(env);
  const running = target.kind === 'pglite' ? readLock(env.DATA_DIR) : null;
  if (running?.port && running.secret) return viaServer(running);
  const release = target.kind === 'pglite' ? acquireLock(env.DATA_DIR) : () => {};
  try {
    const database = await openDatabase(target, openOptions);
    try {
      return await onDatabase(database);
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}
