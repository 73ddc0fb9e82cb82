import { PgBoss, fromKysely, fromPglite } from 'pg-boss';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './db/database';
import type { DB } from './db/schema';
import { QUEUES } from './queues';
import { log } from './log';
import { jobSent } from './db/foreground';

export type Queue = PgBoss;

// pg-boss's monitor (heartbeats, expiry) runs this often; a dead worker's job is retried
// within heartbeatSeconds (server/queues.ts) plus this.
const SUPERVISE_SECONDS = 10;

const supervision = {
  supervise: true,
  superviseIntervalSeconds: SUPERVISE_SECONDS,
  monitorIntervalSeconds: SUPERVISE_SECONDS,
  schedule: false,
  useListenNotify: true,
} as const;

/**
 * pg-boss on the same database as the app: the embedded engine through its PGlite adapter,
 * a server through its own small pool. Queues are created here, once; their options are
 * re-applied at every start, so a change in server/queues.ts reaches existing queues.
 */
export async function startQueue(database: Database): Promise<PgBoss> {
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite!), backend: 'pglite', ...supervision })
      : new PgBoss({ connectionString: database.url!, max: 4, ...supervision });
  boss.on('error', (error: Error) => log().error({ err: error }, 'queue error'));
  await boss.start();
  for (const queue of Object.values(QUEUES)) {
    await boss.createQueue(queue.name, queue.options);
    const { policy: _fixedAtCreation, ...changeable } = queue.options as typeof queue.options & { policy?: string };
    await boss.updateQueue(queue.name, changeable);
  }
  return boss;
}

/** Sends a job inside the caller's transaction, so it never points at rows that were rolled back. */
export async function sendInTransaction(boss: PgBoss, trx: Transaction<DB> | Kysely<DB>, name: string, data: object): Promise<void> {
  const id = await boss.send(name, data, { db: fromKysely(trx as never) });
  if (id) jobSent(id);
}

/**
 * Fails every job still marked active, so pg-boss retries each after its queue's retry delay
 * (seconds) instead of after its heartbeat check (up to half a minute). Only for a process that
 * holds the embedded data folder's lock (server/data-dir-lock.ts): no other process can be
 * working on that data, so whatever is active was left by one that died (ADR 0240). On a
 * Postgres server other processes may be at work, and heartbeats decide.
 */
export async function retryWorkLeftByDeadProcess(boss: PgBoss, db: Kysely<DB>): Promise<number> {
  const left = await sql<{ name: string; id: string }>`select name, id from pgboss.job where state = 'active'`.execute(db);
  for (const { name, id } of left.rows) {
    await boss.fail(name, id, { message: 'The server stopped while this job ran; it is tried again.' });
  }
  if (left.rows.length > 0) log().info({ jobs: left.rows.length }, 'jobs left by a stopped server are tried again');
  return left.rows.length;
}
