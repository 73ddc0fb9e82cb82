import { bearer, type TestApp } from './test-app';

/** A multipart/form-data body for fastify.inject, built by the platform's own FormData. */
export async function multipart(fields: Record<string, string | { filename: string; bytes: Uint8Array }>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.bytes as Uint8Array<ArrayBuffer>]), value.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

export interface JobState {
  status: string;
  progress: number;
  progress_message: string;
  error: string | null;
  document_id: string | null;
}

/** POST /api/datasets/{id}/documents with one file (`duplicate` answers the same-content question ahead). */
export async function uploadFile(
  t: TestApp,
  token: string,
  datasetId: string,
  filename: string,
  bytes: Uint8Array,
  options: { duplicate?: 'replace' | 'keep' } = {},
) {
  const body = await multipart({ file: { filename, bytes } });
  return t.app.inject({
    method: 'POST',
    url: `/api/datasets/${datasetId}/documents${options.duplicate ? `?duplicate=${options.duplicate}` : ''}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

/** Polls the job until it completes or fails (the workers must be running). */
export async function waitForJob(t: TestApp, token: string, jobId: string, timeoutMs = 120_000): Promise<JobState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/status`, headers: bearer(token) });
    if (response.statusCode !== 200) throw new Error(`job status answered ${response.statusCode}: ${response.body}`);
    const job = response.json() as JobState;
    if (job.status === 'completed' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Uploads a file and waits for its processing job to end. */
export async function uploadAndWait(t: TestApp, token: string, datasetId: string, filename: string, bytes: Uint8Array) {
  const response = await uploadFile(t, token, datasetId, filename, bytes);
  if (response.statusCode !== 202) throw new Error(`upload of ${filename} answered ${response.statusCode}: ${response.body}`);
  const { job_id, document_id } = response.json() as { job_id: string; document_id: string };
  const job = await waitForJob(t, token, job_id);
  return { jobId: job_id, documentId: document_id, job };
}

export async function createTome(t: TestApp, token: string, name = 'Test tome', description = ''): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/datasets', headers: bearer(token), payload: { name, description } });
  if (response.statusCode !== 201) throw new Error(`create dataset answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { id: string }).id;
}
