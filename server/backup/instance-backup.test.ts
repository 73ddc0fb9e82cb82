import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strToU8, unzipSync } from 'fflate';
import { sql } from 'kysely';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../tests/support/test-app';
import { uploadAndWait, createTome } from '../../tests/support/tome-upload';
import { backupToFile, restoreFromFile } from '../cli/backup-commands';
import { openDatabase, type Database } from '../db/database';
import { buildPdf } from '../domain/ingest/extract/test-fixtures';

const COUNTED = [
  'users',
  'campaigns',
  'datasets',
  'documents',
  'document_file_parts',
  'chunks',
  'chunk_search_terms',
  'search_passage_counts',
  'timeline_events',
  'conversations',
  'messages',
] as const;

async function countsOf(database: Pick<Database, 'db'>) {
  const counts: Record<string, number> = {};
  for (const table of COUNTED) {
    counts[table] = Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(database.db)).rows[0]!.n);
  }
  const passages = await sql<{ p: string }>`select coalesce(sum(passages), 0) as p from search_passage_counts`.execute(database.db);
  counts.counted_passages = Number(passages.rows[0]!.p);
  return counts;
}

describe('instance backup and restore', () => {
  let t: TestApp;
  let file: string;
  let source: Record<string, number>;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-backup-'));

  beforeAll(async () => {
    t = await createTestApp({ workers: true });
    const gm = await t.signUp();
    const tome = await createTome(t, gm.token, 'Lore');
    await uploadAndWait(t, gm.token, tome, 'waterdeep.pdf', buildPdf([['Waterdeep is the City of Splendors.'], ['The Yawning Portal is an inn.']]));
    await uploadAndWait(t, gm.token, tome, 'notes.md', strToU8('# Notes\n\nDurnan keeps the inn.\n\n:::gm\nA secret door.\n:::\n'));
    const campaign = (await t.app.inject({ method: 'POST', url: '/api/campaigns', headers: bearer(gm.token), payload: { name: 'Heist' } })).json().id;
    await t.app.inject({ method: 'POST', url: `/api/campaigns/${campaign}/datasets`, headers: bearer(gm.token), payload: { dataset_id: tome } });
    await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign}/timeline/events`,
      headers: bearer(gm.token),
      payload: { title: 'Arrival', day: 10, event_type: 'player_party' },
    });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/campaigns/${campaign}/chat`, headers: bearer(gm.token), payload: { query: 'Who keeps the inn?' } }))
        .statusCode,
    ).toBe(200);
    source = await countsOf(t.services);
    file = path.join(dir, 'instance.zip');
    // Writes go on while the backup streams; the snapshot holds what was there when it began.
    const writes = Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/campaigns/${campaign}/timeline/events`,
          headers: bearer(gm.token),
          payload: { title: `Later ${i}`, day: 20 + i, event_type: 'npc_event' },
        }),
      ),
    );
    const backup = backupToFile(file, { database: t.services.database });
    await Promise.all([backup, writes]);
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes a zip with the manifest, every table as JSON lines and the counts', () => {
    const entries = unzipSync(fs.readFileSync(file));
    const manifest = JSON.parse(new TextDecoder().decode(entries['manifest.json']));
    expect(manifest).toMatchObject({ format: 'tomekeeper-backup', version: 1 });
    expect(manifest.migration).toMatch(/^\d+_.*\.sql$/);
    expect(manifest.tables.indexOf('users')).toBeLessThan(manifest.tables.indexOf('campaigns'));
    expect(manifest.tables.indexOf('documents')).toBeLessThan(manifest.tables.indexOf('chunks'));
    const counts = JSON.parse(new TextDecoder().decode(entries['counts.json']));
    expect(counts.users).toBe(source.users);
    expect(counts.chunks).toBe(source.chunks);
    // A consistent snapshot: the events written meanwhile are either all in or all out, never half.
    expect([source.timeline_events, source.timeline_events + 5]).toContain(counts.timeline_events);
  });

  // One fresh data folder for both (opening one is most of either test): the refused file first,
  // so the restore after it also shows that the refusal left the folder usable.
  describe('into a fresh embedded data folder', () => {
    let target: Database;
    beforeAll(async () => {
      // As `npm run admin -- restore` opens it: empty, not the build's migrated database.
      target = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'restored', 'pg') }, { empty: true });
    }, 300_000);
    afterAll(async () => {
      await target?.close();
    });

    it('refuses a file that is not a backup, writing nothing', async () => {
      const garbage = path.join(dir, 'garbage.zip');
      fs.writeFileSync(garbage, 'not a zip');
      await expect(restoreFromFile(garbage, target)).rejects.toThrow('not a Tomekeeper backup');
      const tables = await sql<{ n: string }>`select count(*) as n from information_schema.tables where table_schema = current_schema()`.execute(target.db);
      expect(Number(tables.rows[0]!.n)).toBe(0);
    });

    it('restores everything as it was, and the search statistics rebuilt', async () => {
      const lines = await restoreFromFile(file, target);
      expect(lines[0]).toMatch(/^Restored /);
      const counts = JSON.parse(new TextDecoder().decode(unzipSync(fs.readFileSync(file))['counts.json']));
      const restored = await countsOf(target);
      expect(restored).toEqual({ ...source, timeline_events: counts.timeline_events });
      // Restoring twice is refused: the target is no longer empty.
      await expect(restoreFromFile(file, target)).rejects.toThrow('not empty');
      // New rows get new ids after the restored ones.
      await sql`insert into login_failures (username_key, client, failed_at) values ('x', 'y', now())`.execute(target.db);
    }, 300_000);
  });

  // The move from the embedded database to a Postgres server: RESTORE_TEST_DATABASE_URL names a server (a role that may create databases).
  it.runIf(process.env.RESTORE_TEST_DATABASE_URL)(
    'restores into an empty database on a Postgres server',
    async () => {
      const adminUrl = process.env.RESTORE_TEST_DATABASE_URL!;
      const name = `tk_restore_${Date.now().toString(36)}`;
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const target = await openDatabase({ kind: 'postgres', url: url.toString() });
      try {
        await restoreFromFile(file, target);
        const counts = JSON.parse(new TextDecoder().decode(unzipSync(fs.readFileSync(file))['counts.json']));
        expect(await countsOf(target)).toEqual({ ...source, timeline_events: counts.timeline_events });
      } finally {
        await target.close();
        await admin.unsafe(`drop database ${name}`);
        await admin.end();
      }
    },
    300_000,
  );
});
