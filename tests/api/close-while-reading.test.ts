import { expect, it } from 'vitest';
import { buildPdf } from '../../server/domain/ingest/extract/test-fixtures';
import { readersAtWork } from '../../server/domain/ingest/prepare/off-thread';
import { bearer, createTestApp } from '../support/test-app';
import { createTome, uploadFile } from '../support/tome-upload';

/**
 * Closing the app (a restart, the end of a test file) while an upload is being read: the reading
 * process is ended and the job stops, so the queue and then the database close at once. On the
 * Postgres server the close used to wait forever for the job's statements (ADR 0224).
 */
it('closes while an upload is being read, ending the reading process', async () => {
  const t = await createTestApp({ workers: true });
  const alice = await t.signUp();
  const tome = await createTome(t, alice.token, 'The long archive');
  const pages = Array.from({ length: 1000 }, (_, i) => [`Folio ${i}`, `The archivist copies folio ${i} of the salt road ledger by lamplight.`]);
  const response = await uploadFile(t, alice.token, tome, 'archive.pdf', buildPdf(pages));
  expect(response.statusCode).toBe(202);
  const jobId = response.json().job_id;
  for (;;) {
    const job = (await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/status`, headers: bearer(alice.token) })).json();
    expect(job.status, `the job ended before it was read: ${job.error ?? job.progress_message}`).not.toMatch(/completed|failed/);
    if (/^Extracting page \d+ of 1000$/.test(job.progress_message)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(readersAtWork()).toBeGreaterThanOrEqual(1);

  await t.close();
  expect(readersAtWork()).toBe(0);
}, 180_000);
