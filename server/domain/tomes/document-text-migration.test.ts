import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import { readDocumentText } from './document-text';
import { TEXT_PART_CHARS } from './text-parts';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../../db/migrations');
const MIGRATION = '102_document_text_parts.sql';

/** A database with every migration before 102 applied: on TEST_DATABASE_URL's server when set, else PGlite in memory. */
async function databaseBefore102(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-migrations-'));
  for (const file of fs.readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql') && f < MIGRATION))
    fs.copyFileSync(path.join(MIGRATIONS, file), path.join(before, file));
  const serverUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let drop = async () => {};
  if (serverUrl) {
    const name = `tk_migration_${process.pid}_${Date.now().toString(36)}`;
    const admin = await openDatabase({ kind: 'postgres', url: serverUrl });
    await sql.raw(`create database ${name}`).execute(admin.db);
    await admin.close();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: url.toString() });
    drop = async () => {
      const cleanup = await openDatabase({ kind: 'postgres', url: serverUrl });
      await sql.raw(`drop database if exists ${name} with (force)`).execute(cleanup.db);
      await cleanup.close();
    };
  } else {
    database = await openDatabase({ kind: 'pglite', dataDir: 'memory' });
  }
  await migrate(database, before);
  fs.rmSync(before, { recursive: true, force: true });
  return { database, drop };
}

describe('migration 102: document text in parts', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const ids: Record<string, string> = {};
  // Long enough for several parts, with characters of two and four bytes across the boundaries.
  const long = `${'é'.repeat(TEXT_PART_CHARS - 3)}🐉🐉${'ø'.repeat(TEXT_PART_CHARS)}${'x'.repeat(1000)}`;
  const texts: Record<string, string> = {
    long,
    secrets: 'The harbour is quiet.\n  :::GM  \nThe harbourmaster is paid.\n:::\nFog.',
    plain: 'Just notes.',
    empty: '',
  };

  beforeAll(async () => {
    ({ database, drop } = await databaseBefore102());
    // The tables as they were before 102 (with documents.content), which the app's types no longer describe.
    const db = database.db as unknown as Kysely<any>;
    const user = await db.insertInto('users').values({ username: 'keeper', email: 'k@example.com', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
    const tome = await db.insertInto('datasets').values({ user_id: user.id, name: 'Old tome' }).returning('id').executeTakeFirstOrThrow();
    for (const [name, content] of Object.entries(texts)) {
      const row = await db
        .insertInto('documents')
        .values({ dataset_id: tome.id, user_id: user.id, filename: `${name}.md`, file_type: 'md', status: 'ready', content })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[name] = row.id;
    }
    // 102, then whatever came after it.
    expect((await migrate(database))[0]).toBe(MIGRATION);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it("moves every document's text into parts and reads it back unchanged", async () => {
    for (const [name, text] of Object.entries(texts)) expect((await readDocumentText(database.db, ids[name])) === text, name).toBe(true);
    const parts = await database.db.selectFrom('document_text_parts').select(['part', 'text']).where('document_id', '=', ids.long).orderBy('part').execute();
    expect(parts.map((p) => p.part)).toEqual([0, 1, 2]);
    expect(parts.every((p) => [...p.text].length <= TEXT_PART_CHARS)).toBe(true);
  });

  it('gives an empty text no version, and notes which texts may hold GM blocks', async () => {
    const rows = await database.db.selectFrom('documents').select(['id', 'text_version', 'may_hold_gm_blocks']).execute();
    const of = (name: string) => rows.find((row) => row.id === ids[name])!;
    expect(of('empty').text_version).toBeNull();
    expect(of('plain').text_version).not.toBeNull();
    expect(rows.filter((row) => row.may_hold_gm_blocks).map((row) => row.id)).toEqual([ids.secrets]);
  });

  it('removes the old column and the staging table', async () => {
    const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'documents'`.execute(database.db);
    expect(columns.rows.map((c) => c.column_name)).not.toContain('content');
    const staging = await sql`select 1 from information_schema.tables where table_name = 'ingest_text_parts'`.execute(database.db);
    expect(staging.rows).toEqual([]);
  });
});
