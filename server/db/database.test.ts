import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { createTestDatabase } from './test-database';

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
});
