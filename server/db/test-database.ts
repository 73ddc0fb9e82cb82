import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { sql } from 'kysely';
import { embeddedDatabase, FAST_BYTEA, openDatabase, type Database } from './database';
import { migrate } from './migrate';
import { embeddedTemplate, prepareTemplate, templateFingerprint } from './test-template';

/**
 * A fresh, migrated database for one test file, copied from a template that is built once per
 * migration set (docs/decisions/0175-test-database-templates.md): migrating and installing
 * pg-boss for every file cost more than the tests of most files.
 * - With TEST_DATABASE_URL (CI runs the suite a second time that way): a new database on that
 *   server, `create database ... template tk_template_<fingerprint>`.
 * - Otherwise PGlite in memory, loaded from the template's dumped data directory.
 * Either way migrate() runs again on the copy (it finds nothing to do), and the app starts its
 * queue on it the way it does in production on an existing database.
 */
/** Builds the template for this run's engine once, before any test file (vitest's globalSetup). */
export async function prepareTestDatabaseTemplate(): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    await embeddedTemplate();
    return;
  }
  const admin = await openDatabase({ kind: 'postgres', url: serverUrl });
  try {
    await serverTemplate(admin, serverUrl);
  } finally {
    await admin.close();
  }
}

export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return createServerTestDatabase(serverUrl);
  const template = await embeddedTemplate();
  const pglite = await PGlite.create('memory://', { extensions: { vector }, loadDataDir: template, ...FAST_BYTEA });
  const database = embeddedDatabase(pglite);
  await migrate(database);
  return database;
}

const unique = () => `${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The server's template database for this migration set, built once by whichever test file
 * asks first: under a name of its own, then renamed into place (a rename is atomic, so a
 * concurrent builder loses the race cleanly and drops its copy).
 */
async function serverTemplate(admin: Database, serverUrl: string): Promise<string> {
  const name = `tk_template_${templateFingerprint()}`;
  const exists = async () => (await sql`select 1 from pg_database where datname = ${name}`.execute(admin.db)).rows.length > 0;
  if (await exists()) return name;
  const building = `tk_building_${unique()}`;
  await sql.raw(`create database ${building}`).execute(admin.db);
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(serverUrl, building) });
  try {
    await prepareTemplate(database);
  } finally {
    await database.close();
  }
  try {
    // A pool's last connection may still be closing; a rename needs the database to itself.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${building}`.execute(admin.db);
    await sql.raw(`alter database ${building} rename to ${name}`).execute(admin.db);
  } catch (error) {
    await sql.raw(`drop database if exists ${building} with (force)`).execute(admin.db);
    if (!(await exists())) throw error;
  }
  return name;
}

async function createServerTestDatabase(serverUrl: string): Promise<Database> {
  const name = `tk_test_${unique()}`;
  const admin = await openDatabase({ kind: 'postgres', url: serverUrl });
  try {
    const template = await serverTemplate(admin, serverUrl);
    await sql.raw(`create database ${name} template ${template}`).execute(admin.db);
  } finally {
    await admin.close();
  }
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(serverUrl, name) });
  await migrate(database);
  const close = database.close;
  database.close = async () => {
    await close();
    const cleanup = await openDatabase({ kind: 'postgres', url: serverUrl });
    await sql
      .raw(`drop database if exists ${name} with (force)`)
      .execute(cleanup.db)
      .catch(() => {});
    await cleanup.close();
  };
  return database;
}
