import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteSettings, type Database } from './database';
import { createTestDatabase } from './test-database';
import { createEmbeddedTestDatabase } from './test-template';

describe('database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('keeps a rolled-back transaction apart from concurrent queries', async () => {
    const { db } = database;
    const user = await db.insertInto('users').values({ username: 'tx-user', email: 'tx@example.com', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
    const rolledBack = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('campaigns').values({ user_id: user.id, name: 'doomed' }).execute();
        await new Promise((resolve) => setTimeout(resolve, 30));
        throw new Error('abort');
      })
      .catch((error: Error) => error.message);
    const concurrent = db.insertInto('campaigns').values({ user_id: user.id, name: 'kept' }).execute();
    expect(await rolledBack).toBe('abort');
    await concurrent;
    const names = await db.selectFrom('campaigns').select('name').where('user_id', '=', user.id).execute();
    expect(names.map((row) => row.name)).toEqual(['kept']);
  });

  it('closes while a statement is running, and that statement still finishes', async () => {
    const other = await createTestDatabase();
    const running = sql<{ done: number }>`select 1 as done from pg_sleep(0.3)`.execute(other.db);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // On the server, postgres.js used to wait forever for the connection Kysely had reserved.
    await other.close();
    expect((await running).rows).toEqual([{ done: 1 }]);
  });

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    "starts the embedded database with the server's Postgres settings (a bounded buffer pool)",
    async () => {
      const embedded = await createEmbeddedTestDatabase('memory');
      try {
        for (const setting of pgliteSettings('memory')) {
          const [name, value] = setting.split('=');
          const shown = await embedded.pglite!.query<Record<string, string>>(`show ${name}`);
          expect(shown.rows[0][name]).toBe(value);
        }
        // PGlite's own start parameters are kept (single user, no parallel workers).
        const workers = await embedded.pglite!.query<{ max_worker_processes: string }>('show max_worker_processes');
        expect(workers.rows[0].max_worker_processes).toBe('0');
      } finally {
        await embedded.close();
      }
    },
    180_000,
  );

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'keeps the embedded ANALYZE sample small: its heap keeps the largest sample it ever held (EMBEDDED_STATISTICS_TARGET)',
    async () => {
      const embedded = await createEmbeddedTestDatabase('memory');
      try {
        const { db } = embedded;
        await sql`create table sampled (n integer)`.execute(db);
        await sql`insert into sampled select generate_series(1, 5000)`.execute(db);
        await sql`analyze sampled`.execute(db);
        // 300 rows are sampled per point of the target, and the histogram has one bucket per point.
        const stats = await sql<{ buckets: number }>`select array_length(histogram_bounds, 1) - 1 as buckets from pg_stats where tablename = 'sampled'`.execute(db);
        expect(stats.rows[0].buckets).toBe(10);
      } finally {
        await embedded.close();
      }
    },
    180_000,
  );
});
