import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { apiClient, startProcess, type ServerProcess } from '../support/server-process';

// Two web processes and one worker on one PostgreSQL server behave as one application.
const serverUrl = process.env.MULTI_PROCESS_DATABASE_URL;

describe('two web processes and a worker on one Postgres server', () => {
  const processes: ServerProcess[] = [];
  let webA: ServerProcess;
  let webB: ServerProcess;
  let databaseUrl = '';
  let dropDatabase = async () => {};
  let code = '';

  beforeAll(async () => {
    if (!serverUrl) {
      throw new Error(
        'MULTI_PROCESS_DATABASE_URL is not set. This suite needs a PostgreSQL server, e.g. ' +
          'MULTI_PROCESS_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres npm run test:multi-process',
      );
    }
    const name = `tk_multi_${process.pid}_${Date.now().toString(36)}`;
    const admin = await openDatabase({ kind: 'postgres', url: serverUrl }); // fails loudly when the server is down
    await sql.raw(`create database ${name}`).execute(admin.db);
    await admin.close();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const cleanup = await openDatabase({ kind: 'postgres', url: serverUrl });
      await sql
        .raw(`drop database if exists ${name} with (force)`)
        .execute(cleanup.db)
        .catch(() => {});
      await cleanup.close();
    };

    const web = { DATABASE_URL: databaseUrl, API_ONLY: 'true', RUN_WORKERS: 'false', DATA_DIR: '/tmp/tomekeeper-multi-unused' };
    webA = await startProcess('server/main.ts', web);
    processes.push(webA);
    code = /TOME-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}/.exec(webA.output())?.[0] ?? '';
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
