import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { sql } from 'kysely';
import { startQueue } from '../queue';
import { embeddedDatabase, type EmbeddedOptions, FAST_BYTEA, openDatabase, openEmbedded, type Database } from './database';
import { migrate } from './migrate';

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

/**
 * A migrated embedded database started as the server starts one (openEmbedded's settings), in a data
 * folder of its own (a test of the disk under it) or in 'memory': the template's copy, no initdb.
 */
export async function createEmbeddedTestDatabase(dataDir: string, options: Omit<EmbeddedOptions, 'loadDataDir'> = {}): Promise<Database> {
  const database = await openEmbedded(dataDir, { ...options, loadDataDir: await embeddedTemplate() });
  await migrate(database);
  return database;
}

/** Names what a template holds: the migration files (names, sizes, times) and pg-boss's version. */
function templateFingerprint(): string {
  const dir = path.resolve(import.meta.dirname, '../../db/migrations');
  const parts = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => `${f}:${fs.statSync(path.join(dir, f)).size}:${fs.statSync(path.join(dir, f)).mtimeMs}`);
  const pgBoss = createRequire(import.meta.url)('pg-boss/package.json') as { version: string };
  parts.push(`pg-boss:${pgBoss.version}`);
  let hash = 0;
  for (const ch of parts.join('|')) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) | 0;
  return (hash >>> 0).toString(16);
}

/** The migrations and pg-boss's own schema and queues, as a fresh database gets them at first start. */
async function prepareTemplate(database: Database): Promise<void> {
  await migrate(database);
  const queue = await startQueue(database);
  await queue.stop({ graceful: false, timeout: 2000 });
}

/**
 * The template's bytes as PGlite reads them (it takes `loadDataDir.arrayBuffer()`), read from disk
 * once per worker: Node's Blob.arrayBuffer() gathers a 43 MB blob in 64 KiB pieces, about half a
 * CPU second for every test database, where copying the kept bytes costs a few milliseconds.
 */
class TemplateBytes extends Blob {
  constructor(private readonly content: ArrayBuffer) {
    super([]);
  }
  override get size() {
    return this.content.byteLength;
  }
  // A copy each time: nothing a database does can reach the next one's template.
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.content.slice(0));
  }
}
const templateBytes = new Map<string, TemplateBytes>();

async function embeddedTemplate(): Promise<Blob> {
  const cacheDir = path.join(os.tmpdir(), 'tomekeeper-test-templates');
  fs.mkdirSync(cacheDir, { recursive: true });
  const file = path.join(cacheDir, `template-${templateFingerprint()}.tar`);
  const kept = templateBytes.get(file);
  if (kept) return kept;
  if (fs.existsSync(file)) {
    const buffer = fs.readFileSync(file);
    const bytes = new TemplateBytes(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer);
    templateBytes.set(file, bytes);
    return bytes;
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory' });
  await prepareTemplate(database);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, file);
  return dump;
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
