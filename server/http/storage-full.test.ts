import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../tests/support/test-app';
import { FillingDisk } from '../../tests/support/filling-disk';
import { uploadFile } from '../../tests/support/tome-upload';
import { createEmbeddedTestDatabase } from '../db/test-template';
import { DISK_FULL_MESSAGE } from './storage-health';

// A real full disk cannot be made here, so the database itself is made to fail the way a full
// disk fails it: a trigger raises SQLSTATE 53100 (disk_full) on the upload's write. Nothing of
// ours is replaced; the error travels the real path from the database to the client.
describe('a full disk', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('answers 507 with a message, keeps nothing half-written, and /api/health reports it', async () => {
    const { token } = await t.signUp();
    const tome = await t.app.inject({ method: 'POST', url: '/api/datasets', headers: bearer(token), payload: { name: 'Full', description: '' } });
    const datasetId = tome.json().id as string;
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await sql`
      create function simulate_disk_full() returns trigger language plpgsql as $$
      begin
        raise exception 'could not extend file "base/5/16384": No space left on device' using errcode = 'disk_full';
      end $$`.execute(t.services.db);
    await sql`create trigger simulate_disk_full before insert on documents for each row execute function simulate_disk_full()`.execute(t.services.db);
    try {
      const upload = await uploadFile(t, token, datasetId, 'notes.md', new TextEncoder().encode('# Notes\n\nThe keep is old.'));
      expect(upload.statusCode).toBe(507);
      expect(upload.json().error).toBe(DISK_FULL_MESSAGE);
      const docs = await t.app.inject({ method: 'GET', url: `/api/datasets/${datasetId}/documents`, headers: bearer(token) });
      expect(docs.json()).toEqual([]);

      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(507);
      expect(health.json()).toMatchObject({ status: 'storage_full', error: DISK_FULL_MESSAGE });
    } finally {
      await sql`drop trigger simulate_disk_full on documents`.execute(t.services.db);
      await sql`drop function simulate_disk_full()`.execute(t.services.db);
    }
  });
});

// The embedded database in a data folder whose disk fills (tests/support/filling-disk.ts): its
// writes fail with ENOSPC below PGlite, as on a full tmpfs.
describe('the embedded database on a disk that fills during work', () => {
  let t: TestApp;
  let dataDir: string;
  const disk = new FillingDisk();
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-full-disk-'));
    const database = await createEmbeddedTestDatabase(path.join(dataDir, 'pg'), { filesystem: disk.filesystem });
    t = await createTestApp({ database });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps answering (507 for writes, /api/health names the storage) and is healthy again once space returns, without a restart', async () => {
    const { token } = await t.signUp();
    const tome = await t.app.inject({ method: 'POST', url: '/api/datasets', headers: bearer(token), payload: { name: 'Full', description: '' } });
    const datasetId = tome.json().id as string;

    disk.full = true;
    const upload = await uploadFile(t, token, datasetId, 'notes.md', new TextEncoder().encode(`# Notes\n\n${'The keep is old. '.repeat(20_000)}`));
    expect(disk.writesRefused).toBeGreaterThan(0);
    expect(upload.statusCode).toBe(507);
    expect(upload.json().error).toBe(DISK_FULL_MESSAGE);
    const whileFull = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(whileFull.statusCode).toBe(507);
    expect(whileFull.json()).toMatchObject({ status: 'storage_full', error: DISK_FULL_MESSAGE });
    const write = await t.app.inject({ method: 'POST', url: '/api/datasets', headers: bearer(token), payload: { name: 'Another', description: '' } });
    expect(write.statusCode).toBe(507);

    disk.full = false;
    const healthy = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(healthy.statusCode).toBe(200);
    expect(healthy.json()).toMatchObject({ status: 'ok' });
    const docs = await t.app.inject({ method: 'GET', url: `/api/datasets/${datasetId}/documents`, headers: bearer(token) });
    expect(docs.statusCode).toBe(200);
    expect(docs.json()).toEqual([]);
    const again = await uploadFile(t, token, datasetId, 'notes.md', new TextEncoder().encode('# Notes\n\nThe keep is old.'));
    expect(again.statusCode).toBe(202);
  }, 120_000);
});
