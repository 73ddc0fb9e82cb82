import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { createTestDatabase } from '../db/test-database';
import { domainForPages } from './page-domain';
import { DISK_FULL_MESSAGE, StorageHealth } from './storage-health';

// The same seam as storage-full.test.ts: the database fails a write the way a full disk does.
describe('the domain as pages see it, on a full disk', () => {
  let database: Database;
  let userId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    const user = await database.db
      .insertInto('users')
      .values({ username: 'gm', email: 'gm@example.test', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = user.id;
  });
  afterAll(async () => {
    await database.close();
  });

  it('throws a 507 response with the message, and health learns of it', async () => {
    const storage = new StorageHealth();
    const domain = domainForPages(storage);
    await sql`
      create function simulate_disk_full() returns trigger language plpgsql as $$
      begin
        raise exception 'could not extend file: No space left on device' using errcode = 'disk_full';
      end $$`.execute(database.db);
    await sql`create trigger simulate_disk_full before insert on datasets for each row execute function simulate_disk_full()`.execute(database.db);
    try {
      const thrown = await domain.tomes.createDataset(database.db, userId, { name: 'Lore', description: '' }).catch((error: unknown) => error);
      expect(thrown).toBeInstanceOf(Response);
      const response = thrown as Response;
      expect(response.status).toBe(507);
      expect(await response.json()).toEqual({ error: DISK_FULL_MESSAGE });
      expect(storage.state().full).toBe(true);
      expect(await database.db.selectFrom('datasets').select('id').execute()).toEqual([]);
    } finally {
      await sql`drop trigger simulate_disk_full on datasets`.execute(database.db);
      await sql`drop function simulate_disk_full()`.execute(database.db);
    }
  });

  it('leaves every other failure, and every success, as the domain answers it', async () => {
    const storage = new StorageHealth();
    const domain = domainForPages(storage);
    await expect(domain.tomes.createDataset(database.db, userId, { name: '   ', description: '' })).rejects.toMatchObject({ name: 'ZodError' });
    await expect(domain.tomes.getDataset(database.db, userId, 'not-a-uuid')).rejects.toMatchObject({ status: 404 });
    const created = await domain.tomes.createDataset(database.db, userId, { name: 'Lore', description: '' });
    expect(created.name).toBe('Lore');
    expect(domain.isDomainError(new domain.DomainError(404, 'Missing'))).toBe(true);
    expect(storage.state().full).toBe(false);
  });
});
