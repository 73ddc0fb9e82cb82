import { openDatabase, databaseTargetFromEnv, type Database } from './db/database';
import { migrate } from './db/migrate';
import { acquireLock } from './data-dir-lock';
import { explainStartupFailure, freeBytesAt } from './db/startup-failure';
import type { Env } from './env';
import { retryWorkLeftByDeadProcess, startQueue } from './queue';
import { createServices, type Services } from './services';

/**
 * How long a stop waits for running jobs before failing them (pg-boss then retries each after the
 * next start; jobs are safe to run twice). Platforms kill a process this soon after SIGTERM: Fly
 * after 5 s by default, Docker after 10 s; the rest of the stop needs well under a second.
 */
export const JOB_STOP_GRACE_MS = 2_000;

/**
 * env -> database (locked, migrated) -> queue -> services. Shared by the server, the
 * standalone worker and the admin CLI's direct mode.
 */
export async function bootServices(
  env: Env,
  options: { lock?: boolean } = {},
): Promise<{
  services: Services;
  shutdown: () => Promise<void>;
}> {
  const target = databaseTargetFromEnv(env);
  const locked = target.kind === 'pglite' && options.lock !== false;
  const release = locked ? acquireLock(env.DATA_DIR) : () => {};
  let database: Database | undefined;
  try {
    database = await openDatabase(target);
    await migrate(database);
    const queue = await startQueue(database);
    if (locked) await retryWorkLeftByDeadProcess(queue, database.db);
    const services = createServices(env, database, queue);
    const opened = database;
    return {
      services,
      shutdown: async () => {
        await queue.stop({ graceful: true, timeout: JOB_STOP_GRACE_MS });
        await opened.close();
        release();
      },
    };
  } catch (error) {
    await database?.close().catch(() => {});
    release();
    throw target.kind === 'pglite' ? explainStartupFailure(error, env.DATA_DIR, freeBytesAt(env.DATA_DIR)) : error;
  }
}
