import { databaseTargetFromEnv, openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { acquireLock, readLock, type LockInfo } from '../data-dir-lock';
import { parseEnv } from '../env';
import { ADMIN_USAGE, adminCommandSchema, runAdminCommand } from './admin-commands';
import { backupToFile, restoreFromFile } from './backup-commands';

/**
 * `npm run admin -- <command>`. With the embedded database only one process may open it, so
 * when a server holds it the command goes to that server over loopback with the secret it
 * wrote into DATA_DIR; otherwise the CLI opens the data itself (holding the same lock).
 */
async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'backup' || command === 'restore') return backupOrRestore(command, args[0]);
  const parsed = adminCommandSchema.safeParse({ command, args });
  if (!parsed.success) {
    console.error(ADMIN_USAGE);
    process.exitCode = 2;
    return;
  }
  await printLines(
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
async function backupOrRestore(command: 'backup' | 'restore', file: string | undefined) {
  if (!file) {
    console.error(`Usage: npm run admin -- ${command} FILE`);
    process.exitCode = 2;
    return;
  }
  await printLines(
    async (running) => {
      if (command === 'restore') throw new Error('A server is running on this DATA_DIR: restore into an empty DATA_DIR with no server running.');
      return backupToFile(file, { running });
    },
    (database) => (command === 'backup' ? backupToFile(file, { database }) : restoreFromFile(file, database)),
  );
}

/** Runs a command through the server holding the embedded database, or on the database itself (holding its lock), and prints its lines. */
async function printLines(viaServer: (running: LockInfo) => Promise<string[]>, onDatabase: (database: Database) => Promise<string[]>) {
  const env = parseEnv();
  const target = databaseTargetFromEnv(env);
  const running = target.kind === 'pglite' ? readLock(env.DATA_DIR) : null;
  let lines: string[];
  if (running?.port && running.secret) {
    lines = await viaServer(running);
  } else {
    const release = target.kind === 'pglite' ? acquireLock(env.DATA_DIR) : () => {};
    try {
      const database = await openDatabase(target);
      try {
        lines = await onDatabase(database);
      } finally {
        await database.close();
      }
    } finally {
      release();
    }
  }
  for (const line of lines) console.log(line);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exitCode = 1;
});
