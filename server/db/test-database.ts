import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { sql } from 'kysely';
import { embeddedDatabase, FAST_BYTEA, openDatabase, type Database } from './database';
import { migrate } from './migrate';

/**
 * A fresh, migrated database for one test file.
 * With TEST_DATABASE_URL set, a new schema-isolated database on that server is used
 * (CI runs the suite a second time that way); otherwise PGlite in memory, loaded from a
 * migrated template that is built once per migration set (initdb is slow, loading is not).
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return createServerTestDatabase(serverUrl);
  const template = await migratedTemplate();
  const pglite = await PGlite.create('memory://', { extensions: { vector }, loadDataDir: template, ...FAST_BYTEA });
  const database = embeddedDatabase(pglite);
  await migrate(database);
  return database;
}

function migrationsFingerprint(): string {
  const dir = path.resolve(import.meta.dirname, '../../db/migrations');
  const parts = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => `${f}:${fs.statSync(path.join(dir, f)).size}:${fs.statSync(path.join(dir, f)).mtimeMs}`);
  let hash = 0;
  for (const ch of parts.join('|')) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) | 0;
  return (hash >>> 0).toString(16);
}

async function migratedTemplate(): Promise<Blob> {
  const cacheDir = path.join(os.tmpdir(), 'tomekeeper-test-templates');
  fs.mkdirSync(cacheDir, { recursive: true });
  const file = path.join(cacheDir, `template-${migrationsFingerprint()}.tar`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory' });
  await migrate(database);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, file);
  return dump;
}

async function createServerTestDatabase(serverUrl: string): Promise<Database> {
  const name = `tk_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = await openDatabase({ kind: 'postgres', url: serverUrl });
  await sql.raw(`create database ${name}`).execute(admin.db);
  await admin.close();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
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
