import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { sql } from 'kysely';
import { startFakeVoyage, type FakeVoyage } from '../support/fake-voyage';
import { apiClient, firstStartCode, holdTemplateDatabase, startProcess, type ServerProcess } from '../support/server-process';

// kill -9 during ingestion, start again on the same DATA_DIR: the new process, holding the data
// folder's lock, fails what the dead one left active, pg-boss runs the job again, and the document
// ends indexed once. (On a Postgres server a missing heartbeat does it: tests/multi-process.)
// SIGTERM, as a platform stops a container: the server stops without waiting for the job to end
// (it fails it, so it is retried after the restart), and the restart completes it once.
// The embedding service (a local fake) hangs while a stop is due, so the stop lands mid-ingest.
// The two stops run one after the other on one data folder: the server restarted after the
// kill -9 is the one stopped by SIGTERM (three starts, not four; each start is most of the time),
// and the folder starts with the migrated test template in it (a restart's start, not initdb's).
// The timeout is the only clock (a start can take minutes beside a loaded browser lane): no step has a deadline of its own.
describe('a job interrupted by a stop', { timeout: 900_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-crash-'));
  let voyage: FakeVoyage;
  let server: ServerProcess | undefined;
  let env: Record<string, string>;
  let token: string;
  let datasetId: string;
  const documents: string[] = [];
  afterAll(async () => {
    await server?.stop();
    await voyage?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Uploads a small document of its own (the same bytes twice would be asked about) while the embedding service hangs; answers once its job waits on that service. */
  async function uploadAndHang(name: string) {
    voyage.reset();
    voyage.setNext({ kind: 'hang' }, { times: 1000 });
    const form = new FormData();
    const text = Array.from({ length: 6 }, (_, i) => `## Section ${i}\n\nThe dragon of hall ${i} guards the ${i}th gate of the ${name} keep.`).join('\n\n');
    form.append('file', new Blob([text]), `${name}.md`);
    const call = apiClient(server!.url, token);
    const upload = await call('POST', `/api/datasets/${datasetId}/documents`, form);
    expect([200, 201, 202]).toContain(upload.status);
    documents.push(upload.json.document_id as string);
    const jobId = upload.json.job_id as string;
    // Mid-ingest: the worker is waiting on the embedding service.
    await voyage.requested();
    expect((await call('GET', `/api/jobs/${jobId}/status`)).json.status).toBe('embedding');
    return jobId;
  }

  /** Starts the server again with the embedding service answering, and reads the job until it ends. */
  async function restartAndFinish(jobId: string) {
    voyage.reset(); // the service answers from now on
    server = await startProcess('server/main.ts', env);
    const call = apiClient(server.url, token);
    const restartedAt = Date.now();
    let status: Record<string, unknown> = {};
    // The promise is "within a minute"; the deadline is that promise, not a benchmark.
    while (Date.now() - restartedAt < 60_000) {
      status = (await call('GET', `/api/jobs/${jobId}/status`)).json;
      if (status.status === 'completed' || status.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(status).toMatchObject({ status: 'completed', error: null });
  }

  it('kill -9: the job is picked up again at the restart and completes', async () => {
    voyage = await startFakeVoyage();
    env = { DATA_DIR: dataDir, API_ONLY: 'true', VOYAGE_API_KEY: 'test-key', VOYAGE_BASE_URL: voyage.baseUrl };
    // Not a first start (its initdb and migrations are not what this tests): the migrated template, no accounts yet.
    await holdTemplateDatabase(dataDir);
    server = await startProcess('server/main.ts', env);
    const code = await firstStartCode(server);
    const registered = await apiClient(server.url)('POST', '/api/auth/register', {
      username: 'crashgm',
      email: 'crash@example.com',
      password: 'Dragons4ever',
      registration_code: code,
    });
    expect(registered.status).toBe(200);
    token = registered.json.token as string;
    const tome = await apiClient(server.url, token)('POST', '/api/datasets', { name: 'Crash tome', description: '' });
    expect(tome.status).toBe(201);
    datasetId = tome.json.id as string;

    const jobId = await uploadAndHang('crashed');
    await server.crash();
    await restartAndFinish(jobId);
    // The lock proved the first process gone, so its job was retried at start-up, not after a missed heartbeat.
    expect(server!.output()).toContain('jobs left by a stopped server are tried again');
  });

  it('SIGTERM: the server ends on its own without the job, and the restart completes it', async () => {
    expect(server, 'the server restarted after the kill -9').toBeDefined();
    const jobId = await uploadAndHang('terminated');
    // The job never ends by itself (the embedding service hangs): the process ended without it,
    // on its own, cleanly.
    expect(await server!.terminate()).toEqual({ code: 0, signal: null });
    expect(server!.output()).toContain('SIGTERM: stopping; jobs still running');
    await restartAndFinish(jobId);
    // The stop failed the job itself, so none was left active.
    expect(server!.output()).not.toContain('jobs left by a stopped server are tried again');
  });

  it('each interrupted document ends indexed exactly once', async () => {
    expect(documents).toHaveLength(2);
    await server!.stop();
    server = undefined;
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pg') });
    try {
      for (const documentId of documents) {
        const chunks = await sql<{ total: number; distinct: number }>`
          select count(*)::int as total, count(distinct ordinal)::int as distinct
          from chunks where document_id = ${documentId}`.execute(database.db);
        expect(chunks.rows[0].total).toBeGreaterThan(0);
        expect(chunks.rows[0].total).toBe(chunks.rows[0].distinct);
        const doc = await database.db.selectFrom('documents').select('status').where('id', '=', documentId).executeTakeFirstOrThrow();
        expect(doc.status).toBe('ready');
      }
      const runs = await sql<{ state: string; n: number }>`
        select state, count(*)::int as n from pgboss.job where name = 'ingest-document' group by state`.execute(database.db);
      expect(runs.rows).toEqual([{ state: 'completed', n: 2 }]);
    } finally {
      await database.close();
    }
  });
});
