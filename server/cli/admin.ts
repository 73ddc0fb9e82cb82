import { databaseTargetFromEnv, openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { acquireLock, readLock } from '../data-dir-lock';
import { parseEnv } from '../env';
import { ADMIN_USAGE, adminCommandSchema, runAdminCommand } from './admin-commands';

/**
 * `npm run admin -- <command>`. With the embedded database only one process may open it, so
 * when a server holds it the command goes to that server over loopback with the secret it
 * wrote into DATA_DIR; otherwise the CLI opens the data itself (holding the same lock).
 */
async function main() {
  const [command, ...args] = process.argv.slice(2);
  const parsed = adminCommandSchema.safeParse({ command, args });
  if (!parsed.success) {
    console.error(ADMIN_USAGE);
    process.exitCode = 2;
    return;
  }
  const env = parseEnv();
  const target = databaseTargetFromEnv(env);
  const running = target.kind === 'pglite' ? readLock(env.DATA_DIR) : null;
  let lines: string[];
  if (running?.port && running.secret) {
    const response = await fetch(`http://127.0.0.1:${running.port}/api/admin/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-secret': running.secret },
      body: JSON.stringify(parsed.data),
    });
    const body = (await response.json()) as { lines?: string[]; error?: string };
    if (!response.ok) throw new Error(body.error ?? `The server answered ${response.status}`);
    lines = body.lines ?? [];
  } else {
    const release = target.kind === 'pglite' ? acquireLock(env.DATA_DIR) : () => {};
    try {
      const database = await openDatabase(target);
      try {
        await migrate(database);
        lines = await runAdminCommand(database.db, parsed.data.command, parsed.data.args);
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
