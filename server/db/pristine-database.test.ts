import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbedded } from './database';
import { createEmbeddedTestDatabase } from './test-template';

// The build's archive stands in as a dump of the tests' embedded template (migrated, like the build's),
// also when the suite runs against a Postgres server.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pristine-'));
const archive = path.join(dir, 'pristine-database.tar.gz');

beforeAll(async () => {
  const template = await createEmbeddedTestDatabase(path.join(dir, 'template', 'pg'));
  fs.writeFileSync(archive, Buffer.from(await (await template.pglite!.dumpDataDir('gzip')).arrayBuffer()));
  await template.close();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const migrationsApplied = async (database: Awaited<ReturnType<typeof openEmbedded>>) =>
  Number((await sql<{ n: number }>`select count(*)::int as n from schema_migrations`.execute(database.db)).rows[0].n);

describe('a fresh data folder and the build’s empty database', () => {
  it('is loaded from the archive, already migrated, instead of made by initdb', async () => {
    const dataDir = path.join(dir, 'fresh', 'pg');
    const database = await openEmbedded(dataDir, { pristineFile: archive });
    expect(await migrationsApplied(database)).toBeGreaterThan(0);
    await database.close();
    expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
  });

  it('leaves a folder that holds a database as it is', async () => {
    const dataDir = path.join(dir, 'kept', 'pg');
    let database = await openEmbedded(dataDir, { pristineFile: archive });
    await sql`create table kept_here (id int)`.execute(database.db);
    await database.close();
    database = await openEmbedded(dataDir, { pristineFile: archive });
    const kept = await sql`select to_regclass('kept_here') is not null as present`.execute(database.db);
    expect(kept.rows[0]).toEqual({ present: true });
    await database.close();
  });
});
