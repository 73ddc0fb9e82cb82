import { PgBoss, fromKysely, fromPglite } from 'pg-boss';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './db/database';
import type { DB } from './db/schema';
import { QUEUES } from '../jobs/queues';

export type Queue = PgBoss;

/**
 * pg-boss on the same database as the app: the embedded engine through its PGlite adapter,
 * a server through its own small pool. Queues are created here, once.
 */
export async function startQueue(database: Database): Promise<PgBoss> {
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite!), backend: 'pglite', supervise: true, schedule: false })
      : new PgBoss({ connectionString: database.url!, max: 4, schedule: false });
  boss.on('error', (error: Error) => console.error('[queue]', error.message));
  await boss.start();
  for (const queue of Object.values(QUEUES)) {
    await boss.createQueue(queue.name, queue.options);
  }
  return boss;
}

/** Sends a job inside the caller's transaction, so it never points at rows that were rolled back. */
export async function sendInTransaction(
  boss: PgBoss,
  trx: Transaction<DB> | Kysely<DB>,
  name: string,
  data: object,
): Promise<void> {
  await boss.send(name, data, { db: fromKysely(trx as never) });
}
