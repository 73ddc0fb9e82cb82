import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startQueue } from '../queue';
import type { Database } from './database';
import { createEmbeddedTestDatabase } from './test-template';

/**
 * The embedded database started again over its folder after large work (ADR 0356): what was
 * written stays, statements under way finish first, those sent meanwhile wait for the new
 * instance, and the LISTENs made before (pg-boss's wake-ups) hear notifications on the new one.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'relaunch-'));
const QUEUE = 'relaunch-check';
let database: Database;
let boss: PgBoss;
const ran: Array<(value: unknown) => void> = [];
const nextRun = () => new Promise((resolve) => ran.push(resolve));

beforeAll(async () => {
  database = await createEmbeddedTestDatabase(path.join(dir, 'pg'));
  boss = await startQueue(database);
  await boss.createQueue(QUEUE, { notify: true });
  // A poll far longer than the test's timeout: only a notification wakes the worker in time.
  await boss.work(QUEUE, { pollingIntervalSeconds: 600 }, async ([job]) => {
    ran.shift()?.(job.data);
  });
});
afterAll(async () => {
  await boss?.stop({ graceful: false, timeout: 2000 });
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('starting the embedded database again', () => {
  it('keeps what was written and runs later statements on the new instance', async () => {
    await sql`create table relaunch_kept (id int)`.execute(database.db);
    await sql`insert into relaunch_kept values (1)`.execute(database.db);
    await database.relaunch!();
    await sql`insert into relaunch_kept values (2)`.execute(database.db);
    const { rows } = await sql<{ id: number }>`select id from relaunch_kept order by id`.execute(database.db);
    expect(rows.map((row) => row.id)).toEqual([1, 2]);
  });

  it('lets a transaction under way finish first, and statements sent meanwhile wait for the new instance', async () => {
    await sql`create table relaunch_order (step text)`.execute(database.db);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    const transaction = database.db.transaction().execute(async (trx) => {
      await sql`insert into relaunch_order values ('in the transaction')`.execute(trx);
      inside();
      await gate;
    });
    await entered;
    const relaunched = database.relaunch!();
    const meanwhile = sql`insert into relaunch_order values ('sent meanwhile')`.execute(database.db);
    release();
    await Promise.all([transaction, relaunched, meanwhile]);
    const { rows } = await sql<{ step: string }>`select step from relaunch_order`.execute(database.db);
    expect(rows.map((row) => row.step).sort()).toEqual(['in the transaction', 'sent meanwhile']);
  });

  it('still hears notifications on a channel listened to before', async () => {
    const heard: string[] = [];
    let arrived!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    const unlisten = await database.pglite!.listen('relaunch_channel', (payload) => {
      heard.push(payload);
      arrived();
    });
    await database.relaunch!();
    await sql`select pg_notify('relaunch_channel', 'after the relaunch')`.execute(database.db);
    await arrival;
    expect(heard).toEqual(['after the relaunch']);
    await unlisten();
  });

  it('still wakes a queue worker at once when a job is sent, and runs the job', async () => {
    const before = nextRun();
    await boss.send(QUEUE, { sent: 'before' });
    expect(await before).toEqual({ sent: 'before' });

    await database.relaunch!();
    const after = nextRun();
    await boss.send(QUEUE, { sent: 'after' });
    expect(await after).toEqual({ sent: 'after' });
  });
});
