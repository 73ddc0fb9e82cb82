import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { startFakeVoyage, type FakeVoyage } from '../support/fake-voyage';
import { apiClient, firstStartCode, startProcess, type ServerProcess } from '../support/server-process';

// Two web processes and one worker on one PostgreSQL server behave as one application.
const serverUrl = process.env.MULTI_PROCESS_DATABASE_URL;

/** A database of its own on the server for one describe block, and how to drop it. */
async function scratchDatabase(purpose: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!serverUrl) {
    throw new Error(
      'MULTI_PROCESS_DATABASE_URL is not set. This suite needs a PostgreSQL server, e.g. ' +
        'MULTI_PROCESS_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres npm run test:multi-process',
    );
  }
  const name = `tk_${purpose}_${process.pid}_${Date.now().toString(36)}`;
  const admin = await openDatabase({ kind: 'postgres', url: serverUrl }); // fails loudly when the server is down
  await sql.raw(`create database ${name}`).execute(admin.db);
  await admin.close();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = await openDatabase({ kind: 'postgres', url: serverUrl });
      await sql
        .raw(`drop database if exists ${name} with (force)`)
        .execute(cleanup.db)
        .catch(() => {});
      await cleanup.close();
    },
  };
}

describe('two web processes and a worker on one Postgres server', () => {
  const processes: ServerProcess[] = [];
  let webA: ServerProcess;
  let webB: ServerProcess;
  let databaseUrl = '';
  let dropDatabase = async () => {};
  let code = '';

  beforeAll(async () => {
    ({ url: databaseUrl, drop: dropDatabase } = await scratchDatabase('multi'));

    const web = { DATABASE_URL: databaseUrl, API_ONLY: 'true', RUN_WORKERS: 'false', DATA_DIR: '/tmp/tomekeeper-multi-unused' };
    webA = await startProcess('server/main.ts', web);
    processes.push(webA);
    code = (await firstStartCode(webA)) ?? '';
    const [b, worker] = await Promise.all([
      startProcess('server/main.ts', web),
      startProcess('jobs/worker.ts', { DATABASE_URL: databaseUrl, DATA_DIR: '/tmp/tomekeeper-multi-unused' }, { waitForHealth: false }),
    ]);
    webB = b;
    processes.push(b, worker);
  });

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await dropDatabase();
  });

  it('signs in on one web process and is signed in on the other', async () => {
    expect(code, webA.output()).toMatch(/^TOME-/);
    const registered = await apiClient(webA.url)('POST', '/api/auth/register', {
      username: 'multigm',
      email: 'multi@example.com',
      password: 'Dragons4ever',
      registration_code: code,
    });
    expect(registered.status).toBe(200);
    const login = await apiClient(webA.url)('POST', '/api/auth/login', { username: 'multigm', password: 'Dragons4ever' });
    expect(login.status).toBe(200);
    const me = await apiClient(webB.url, login.json.token as string)('GET', '/api/auth/me');
    expect(me.status).toBe(200);
    expect((me.json.user as { username: string }).username).toBe('multigm');
  });

  it('shares the login lockout between the web processes', async () => {
    const wrong = { username: 'multigm', password: 'Wrong12345' };
    for (let i = 0; i < 3; i++) expect((await apiClient(webA.url)('POST', '/api/auth/login', wrong)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await apiClient(webB.url)('POST', '/api/auth/login', wrong)).status).toBe(401);
    const locked = await apiClient(webA.url)('POST', '/api/auth/login', { username: 'multigm', password: 'Dragons4ever' });
    expect(locked.status).toBe(423);
    expect((await apiClient(webB.url)('POST', '/api/auth/login', { username: 'multigm', password: 'Dragons4ever' })).status).toBe(423);
  });

  it('has an upload on one web process ingested by the worker, and watched from the other', async () => {
    // The lockout is per account and address; another account signs in for this part.
    const { runAdminCommand } = await import('../../server/cli/admin-commands');
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
    let invite = '';
    try {
      const lines = await runAdminCommand(database.db, 'invite', []);
      invite = /TOME-[A-Z0-9-]+/.exec(lines.join('\n'))?.[0] ?? '';
    } finally {
      await database.close();
    }
    const registered = await apiClient(webB.url)('POST', '/api/auth/register', {
      username: 'uploader',
      email: 'up@example.com',
      password: 'Dragons4ever',
      registration_code: invite,
    });
    expect(registered.status).toBe(200);
    const token = registered.json.token as string;
    const onB = apiClient(webB.url, token);
    const onA = apiClient(webA.url, token);
    const tome = await onB('POST', '/api/datasets', { name: 'Shared tome', description: '' });
    expect(tome.status).toBe(201);
    const form = new FormData();
    form.append('file', new Blob(['# The keep\n\nThe old keep stands on the hill above the river.']), 'keep.md');
    const upload = await onB('POST', `/api/datasets/${tome.json.id}/documents`, form);
    expect([200, 201, 202]).toContain(upload.status);
    let status: Record<string, unknown> = {};
    for (let i = 0; i < 240; i++) {
      status = (await onA('GET', `/api/jobs/${upload.json.job_id}/status`)).json;
      if (status.status === 'completed' || status.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toMatchObject({ status: 'completed', error: null });
  });
});

// kill -9 of a worker mid-ingest while the web process runs on: on a server no process can tell a
// dead worker from a busy one but by its missing heartbeat, so pg-boss's check (server/queues.ts)
// hands the job to the next worker. (The embedded database's restart is tests/api/crash-resume.)
describe('a worker killed mid-ingest on a Postgres server', () => {
  const processes: ServerProcess[] = [];
  let voyage: FakeVoyage | undefined;
  let drop = async () => {};
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await voyage?.close();
    await drop();
  });

  it('has its job picked up by the next worker within a minute, and done once', async () => {
    const database = await scratchDatabase('heartbeat');
    drop = database.drop;
    voyage = await startFakeVoyage();
    voyage.setNext({ kind: 'hang' }, { times: 1000 });
    const env = { DATABASE_URL: database.url, DATA_DIR: '/tmp/tomekeeper-multi-unused', VOYAGE_API_KEY: 'test-key', VOYAGE_BASE_URL: voyage.baseUrl };
    const web = await startProcess('server/main.ts', { ...env, API_ONLY: 'true', RUN_WORKERS: 'false' });
    const first = await startProcess('jobs/worker.ts', env, { waitForHealth: false });
    processes.push(web, first);
    const code = await firstStartCode(web);
    expect(code, web.output()).toBeTruthy();
    const registered = await apiClient(web.url)('POST', '/api/auth/register', {
      username: 'heartbeatgm',
      email: 'heartbeat@example.com',
      password: 'Dragons4ever',
      registration_code: code,
    });
    expect(registered.status).toBe(200);
    const call = apiClient(web.url, registered.json.token as string);
    const tome = await call('POST', '/api/datasets', { name: 'Heartbeat tome', description: '' });
    const form = new FormData();
    form.append('file', new Blob(['# The keep\n\nThe old keep stands on the hill above the river, and a dragon sleeps in its vault.']), 'keep.md');
    const upload = await call('POST', `/api/datasets/${tome.json.id}/documents`, form);
    expect([200, 201, 202]).toContain(upload.status);

    // Mid-ingest: the first worker waits on the embedding service, and dies.
    await voyage.requested();
    await first.crash();
    voyage.reset();
    const second = await startProcess('jobs/worker.ts', env, { waitForHealth: false });
    processes.push(second);
    const restartedAt = Date.now();
    let status: Record<string, unknown> = {};
    // The promise is "within a minute"; the deadline is that promise, not a benchmark.
    while (Date.now() - restartedAt < 60_000) {
      status = (await call('GET', `/api/jobs/${upload.json.job_id}/status`)).json;
      if (status.status === 'completed' || status.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(status).toMatchObject({ status: 'completed', error: null });

    const check = await openDatabase({ kind: 'postgres', url: database.url });
    try {
      const chunks = await sql<{ total: number; distinct: number }>`
        select count(*)::int as total, count(distinct ordinal)::int as distinct
        from chunks where document_id = ${upload.json.document_id as string}`.execute(check.db);
      expect(chunks.rows[0].total).toBeGreaterThan(0);
      expect(chunks.rows[0].total).toBe(chunks.rows[0].distinct);
      const runs = await sql<{ state: string; retries: number }>`
        select state, retry_count::int as retries from pgboss.job where name = 'ingest-document'`.execute(check.db);
      expect(runs.rows).toEqual([{ state: 'completed', retries: 1 }]);
    } finally {
      await check.close();
    }
  });
});
