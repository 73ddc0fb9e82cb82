import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../support/test-app';
import { createTome, multipart, uploadAndWait, uploadFile, waitForJob } from '../support/tome-upload';
import { zipBombDocx } from '../support/zip-bomb';

/**
 * What an attacker (or an unlucky GM) uploads: every file here must get a clear 4xx or a
 * failed job with its reason, leave no half-made document, and never stop the server
 * answering everyone else.
 */

const MB = 1024 * 1024;
const text = (value: string) => new TextEncoder().encode(value);

describe('hostile uploads', () => {
  let t: TestApp;
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };
  let tome: string;

  beforeAll(async () => {
    t = await createTestApp({ workers: true, env: { MAX_UPLOAD_MB: '2' } });
    alice = await t.signUp();
    bob = await t.signUp();
    tome = await createTome(t, alice.token, 'Hostile ground');
  });
  afterAll(async () => {
    await t.close();
  });

  async function rowsInTome(datasetId: string) {
    const documents = await t.services.db.selectFrom('documents').select(['id', 'status', 'filename']).where('dataset_id', '=', datasetId).execute();
    const ids = documents.map((d) => d.id);
    const files = ids.length ? await t.services.db.selectFrom('document_files').select('document_id').where('document_id', 'in', ids).execute() : [];
    const chunks = ids.length ? await t.services.db.selectFrom('chunks').select('id').where('document_id', 'in', ids).execute() : [];
    const jobs = ids.length ? await t.services.db.selectFrom('jobs').select('id').where('document_id', 'in', ids).execute() : [];
    return { documents, files: files.length, chunks: chunks.length, jobs: jobs.length };
  }

  async function expectRejected(filename: string, bytes: Uint8Array, status: number, message: RegExp) {
    const datasetId = await createTome(t, alice.token, `Rejects ${filename}`);
    const response = await uploadFile(t, alice.token, datasetId, filename, bytes);
    expect(response.statusCode, `${filename}: ${response.body}`).toBe(status);
    expect(response.json().error).toMatch(message);
    expect(await rowsInTome(datasetId)).toEqual({ documents: [], files: 0, chunks: 0, jobs: 0 });
  }

  it('refuses an empty file', async () => {
    await expectRejected('empty.txt', new Uint8Array(0), 422, /^The file is empty\./);
  });

  it('refuses a program named .pdf', async () => {
    const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...randomBytes(4000)]);
    await expectRejected('rules.pdf', elf, 422, /does not match the \.pdf type.*Linux program/);
  });

  it('refuses random bytes named .txt', async () => {
    await expectRejected('notes.txt', new Uint8Array(randomBytes(8192)), 422, /does not look like text/);
  });

  it('refuses extensions it does not accept, and names the ones it does', async () => {
    await expectRejected('spell.exe', text('MZ nothing to see'), 415, /\.exe cannot be added to a tome\. Upload one of: \.pdf, \.docx/);
    await expectRejected('README', text('no extension'), 415, /no extension/);
    await expectRejected('old.doc', text('text'), 415, /\.doc cannot be added/);
  });

  it('refuses a file over the upload limit with the limit in the message', async () => {
    await expectRejected('huge.txt', text('a'.repeat(2 * MB + 10)), 413, /larger than the 2 MB upload limit/);
  });

  it('refuses a zip bomb that declares its size before inflating anything', async () => {
    const bomb = zipBombDocx(64);
    expect(bomb.length).toBeLessThan(MB);
    await expectRejected('bomb.docx', bomb, 422, /zip bomb/);
  });

  // The process's memory while it is read is a budget in bench/ingest/budgets.ts; here, the cap that bounds it.
  it('fails the job of a zip bomb that lies about its size, with nothing half-made', async () => {
    const bomb = zipBombDocx(64, { declaredSize: 2000 });
    const datasetId = await createTome(t, alice.token, 'Liar');
    const response = await uploadFile(t, alice.token, datasetId, 'liar.docx', bomb);
    expect(response.statusCode).toBe(202);
    const job = await waitForJob(t, alice.token, response.json().job_id);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/zip bomb/);
    const rows = await rowsInTome(datasetId);
    expect(rows.documents).toEqual([{ id: response.json().document_id, status: 'failed', filename: 'liar.docx' }]);
    expect(rows.chunks).toBe(0);
    const listed = (await t.app.inject({ method: 'GET', url: `/api/datasets/${datasetId}/documents`, headers: bearer(alice.token) })).json();
    expect(listed[0]).toMatchObject({ status: 'failed', error: job.error, token_count: 0, content_preview: '' });
    const dataset = (await t.app.inject({ method: 'GET', url: `/api/datasets/${datasetId}`, headers: bearer(alice.token) })).json();
    expect(dataset).toMatchObject({ document_count: 0, total_tokens: 0 });
  });

  it('fails the job of a PDF that is cut short, with the reason', async () => {
    const pdf = text(
      '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /Con',
    );
    const datasetId = await createTome(t, alice.token, 'Torn pages');
    const response = await uploadFile(t, alice.token, datasetId, 'torn.pdf', pdf);
    expect(response.statusCode).toBe(202);
    const job = await waitForJob(t, alice.token, response.json().job_id);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/PDF is damaged or incomplete|No readable text/);
    expect((await rowsInTome(datasetId)).chunks).toBe(0);
  });

  it('stores a path-traversal name as a plain file name', async () => {
    const { documentId, job } = await uploadAndWait(t, alice.token, tome, '../../etc/passwd.md', text('# Root\n\nNothing to see.'));
    expect(job.status).toBe('completed');
    const doc = (await t.app.inject({ method: 'GET', url: `/api/datasets/${tome}/documents/${documentId}`, headers: bearer(alice.token) })).json();
    expect(doc.filename).toBe('passwd.md');

    // Names with separators of the other kind, control characters and quotes come out safe too.
    const sneaky = await multipart({ file: { filename: '..\\..\\windows\\"evil";\r\nX-Injected: yes.md', bytes: text('# Sneaky\n\nText.') } });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/datasets/${tome}/documents`,
      headers: { ...bearer(alice.token), ...sneaky.headers },
      payload: sneaky.payload,
    });
    expect(response.statusCode).toBe(202);
    const { document_id } = response.json();
    await waitForJob(t, alice.token, response.json().job_id);
    const stored = (await t.app.inject({ method: 'GET', url: `/api/datasets/${tome}/documents/${document_id}`, headers: bearer(alice.token) })).json();
    expect(stored.filename).not.toMatch(/[\\/\r\n"]/);
    expect(stored.filename.endsWith('.md')).toBe(true);
    const file = await t.app.inject({ method: 'GET', url: `/api/datasets/${tome}/documents/${document_id}/file`, headers: bearer(alice.token) });
    expect(file.headers['content-disposition']).not.toMatch(/[\r\n]/);
    expect(file.headers['x-injected']).toBeUndefined();
  });

  it('asks for multipart and for a file', async () => {
    const json = await t.app.inject({ method: 'POST', url: `/api/datasets/${tome}/documents`, headers: bearer(alice.token), payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().error).toMatch(/multipart\/form-data/);
    const noFile = await multipart({ note: 'hello' });
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/datasets/${tome}/documents`,
      headers: { ...bearer(alice.token), ...noFile.headers },
      payload: noFile.payload,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/No file was sent/);
  });

  it('keeps answering other requests while a large document is processed', async () => {
    const sections = Array.from(
      { length: 250 },
      (_, i) => `## Chapter ${i}\n\n${`The caravan of chapter ${i} crosses the salt flats while the wind carries sand and old songs. `.repeat(20)}`,
    ).join('\n\n');
    const bytes = text(`# The long road\n\n${sections}`);
    expect(bytes.length).toBeGreaterThan(400_000);
    const response = await uploadFile(t, alice.token, tome, 'long-road.md', bytes);
    expect(response.statusCode).toBe(202);
    const jobId = response.json().job_id;

    // How long those answers take is a budget in bench/ingest/budgets.ts; here, that they come.
    let answeredWhileRunning = 0;
    for (;;) {
      const [status, others] = await Promise.all([
        t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/status`, headers: bearer(alice.token) }),
        t.app.inject({ method: 'GET', url: '/api/datasets', headers: bearer(bob.token) }),
      ]);
      expect(others.statusCode).toBe(200);
      const job = status.json();
      if (job.status === 'completed' || job.status === 'failed') {
        expect(job.status).toBe('completed');
        break;
      }
      answeredWhileRunning++;
      // Often at first (on a Postgres server the whole ingest can take under 300 ms), then less,
      // so a slow ingest does not reach the API's rate limit.
      await new Promise((resolve) => setTimeout(resolve, Math.min(200, 25 * answeredWhileRunning)));
    }
    expect(answeredWhileRunning).toBeGreaterThanOrEqual(3);
  }, 120_000);
});
