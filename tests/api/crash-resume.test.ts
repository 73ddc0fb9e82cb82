import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { sql } from 'kysely';
import { startFakeVoyage, type FakeVoyage } from '../support/fake-voyage';
import { apiClient, startProcess, type ServerProcess } from '../support/server-process';

// kill -9 during ingestion, start again on the same DATA_DIR: the new process, holding the data
// folder's lock, fails what the dead one left active, pg-boss runs the job again, and the document
// ends indexed once. (On a Postgres server a missing heartbeat does it: tests/multi-process.)
// SIGTERM, as a platform stops a container: the server stops without waiting for the job to end
// (it fails it, so it is retried after the restart), and the restart completes it once.
// The embedding service (a local fake) hangs on the first run, so the stop lands mid-ingest.
describe.each([
  { stop: 'kill -9', crash: true },
  { stop: 'SIGTERM', crash: false },
])('a job interrupted by $stop', ({ crash }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tk-crash-'));
  let voyage: FakeVoyage | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    await voyage?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is picked up again after a restart and completes exactly once', async () => {
    voyage = await startFakeVoyage();
    voyage.setNext({ kind: 'hang' }, { times: 1000 });
    const env = { DATA_DIR: dataDir, API_ONLY: 'true', VOYAGE_API_KEY: 'test-key', VOYAGE_BASE_URL: voyage.baseUrl };
    server = await startProcess('server/main.ts', env);
    const code = /TOME-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}/.exec(server.output())?.[0];
    expect(code, server.output()).toBeTruthy();

    const anonymous = apiClient(server.url);
    const registered = await anonymous('POST', '/api/auth/register', {
      username: 'crashgm',
      email: 'crash@example.com',
      password: 'Dragons4ever',
      registration_code: code,
    });
    expect(registered.status).toBe(200);
    const token = registered.json.token as string;
    let call = apiClient(server.url, token);
    const tome = await call('POST', '/api/datasets', { name: 'Crash tome', description: '' });
    expect(tome.status).toBe(201);
    const form = new FormData();
    const text = Array.from({ length: 40 }, (_, i) => `## Section ${i}\n\nThe dragon of hall ${i} guards the ${i}th gate of the old keep.`).join('\n\n');
    form.append('file', new Blob([text]), 'lore.md');
    const upload = await call('POST', `/api/datasets/${tome.json.id}/documents`, form);
    expect([200, 201, 202]).toContain(upload.status);
    const jobId = upload.json.job_id as string;
    const documentId = upload.json.document_id as string;

    // Mid-ingest: the worker is waiting on the embedding service.
    while (voyage.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await call('GET', `/api/jobs/${jobId}/status`)).json.status).toBe('embedding');
    if (crash) await server.crash();
    else {
      // The job never ends by itself (the embedding service hangs): the process ended without it,
      // on its own, cleanly.
      expect(await server.terminate()).toEqual({ code: 0, signal: null });
      expect(server.output()).toContain('SIGTERM: stopping; jobs still running');
    }

    voyage.reset(); // the service answers from now on
    server = await startProcess('server/main.ts', env);
    call = apiClient(server.url, token);
    const restartedAt = Date.now();
    let status: Record<string, unknown> = {};
    // The promise is "within a minute"; the deadline is that promise, not a benchmark.
    while (Date.now() - restartedAt < 60_000) {
      status = (await call('GET', `/api/jobs/${jobId}/status`)).json;
      if (status.status === 'completed' || status.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(status).toMatchObject({ status: 'completed', error: null });
    // kill -9: the lock proved the first process gone, so its job was retried at start-up, not
    // after a missed heartbeat. SIGTERM: the stop failed it itself, so none was left active.
    if (crash) expect(server.output()).toContain('jobs left by a stopped server are tried again');
    else expect(server.output()).not.toContain('jobs left by a stopped server are tried again');
    await server.stop();
    server = undefined;

    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pg') });
    try {
      const chunks = await sql<{ total: number; distinct: number }>`
        select count(*)::int as total, count(distinct ordinal)::int as distinct
        from chunks where document_id = ${documentId}`.execute(database.db);
      expect(chunks.rows[0].total).toBeGreaterThan(0);
      expect(chunks.rows[0].total).toBe(chunks.rows[0].distinct);
      const doc = await database.db.selectFrom('documents').select('status').where('id', '=', documentId).executeTakeFirstOrThrow();
      expect(doc.status).toBe('ready');
      const runs = await sql<{ state: string; n: number }>`
        select state, count(*)::int as n from pgboss.job where name = 'ingest-document' group by state`.execute(database.db);
      expect(runs.rows).toEqual([{ state: 'completed', n: 1 }]);
    } finally {
      await database.close();
    }
  }, 420_000);
});
