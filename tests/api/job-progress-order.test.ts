import { afterAll, beforeAll, expect, it } from 'vitest';
import { inBackground, requestStarted } from '../../server/db/foreground';
import { JobProgress } from '../../server/domain/ingest/job-progress';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTome, uploadFile } from '../support/tome-upload';

// A job's progress as the GM watches it: the stage shown is the stage reported last, whatever the
// embedded database's scheduler (server/db/foreground.ts) does with the writes' statements. Kept
// apart from the domain's tests: only the database layer knows about its scheduling.
let t: TestApp;
let gm: { token: string };
let tome: string;
beforeAll(async () => {
  t = await createTestApp();
  gm = await t.signUp();
  tome = await createTome(t, gm.token, 'Progress');
});
afterAll(async () => {
  await t.close();
});

it('shows the stage reported last, though the one before was reported from a callback and not awaited', async () => {
  const upload = await uploadFile(t, gm.token, tome, 'notes.md', new TextEncoder().encode('# Notes\n\nThe harbour master takes bribes.'));
  expect(upload.statusCode).toBe(202);
  const jobId = (upload.json() as { job_id: string }).job_id;
  const progress = new JobProgress(t.services.db, jobId);
  // The reading process's "chunking" message is heard in the async context the reading process
  // was started in: background work of another upload, which waits while a request is answered.
  // The job's own next write does not wait (on CI it landed first, and the job read "chunking").
  const openRequest = requestStarted();
  try {
    const chunking = inBackground(() => progress.report('chunking', 42, 'Splitting the text into passages'));
    await progress.report('embedding', 45, 'Embedding passages: 0 of 6');
    await chunking;
  } finally {
    openRequest.ended();
  }
  const job = await t.services.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
  expect(job).toMatchObject({ status: 'embedding', progress_message: 'Embedding passages: 0 of 6' });
});
