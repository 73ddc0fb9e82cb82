import type { JobStatus } from '../../../server/domain/tomes';
import { JOB_TIMING } from '../../../contract/job-timing';
import type { DuplicateChoice } from '../../../contract/tomes';
import { ApiError, apiFetch } from '~/lib/api-client';
import { checkFile, postWithProgress, UploadRefused } from './upload-request';
import type { TrackedUpload } from './upload-tracker';

/**
 * What the upload tracker does with an upload or a job once there is one: sending files and
 * following jobs with the spec's timing (sections 4 and 9). Loaded with the first upload or
 * watched job (ADR 0239); the tracker's list itself lives in upload-tracker.tsx.
 */
export interface TrackerOps {
  update(key: string, patch: Partial<TrackedUpload>): void;
  remove(key: string): void;
  later(run: () => void, ms: number): void;
  revalidate(): void;
  /** Jobs already in the list (one entry per job). */
  adopted: Set<string>;
}

const UPLOAD_CONCURRENCY = 2;

/** One status check of a job, and the next one scheduled while it runs. */
export async function pollJob(ops: TrackerOps, key: string, jobId: string): Promise<void> {
  let job: JobStatus;
  try {
    job = await apiFetch<JobStatus>(`/api/jobs/${jobId}/status`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return ops.remove(key);
    if (error instanceof ApiError && error.status === 401) return;
    ops.update(key, { message: 'Could not reach the server; checking again in 5 seconds…' });
    return ops.later(() => void pollJob(ops, key, jobId), JOB_TIMING.retryAfterError);
  }
  if (job.status === 'completed') {
    ops.update(key, { state: 'completed', status: 'completed', progress: 100, message: job.progress_message || 'Completed' });
    ops.revalidate();
    return ops.later(() => ops.remove(key), JOB_TIMING.removeCompleted);
  }
  if (job.status === 'failed') {
    ops.update(key, { state: 'failed', status: 'failed', error: `Processing failed: ${job.error || 'Unknown error'}` });
    ops.revalidate();
    return ops.later(() => ops.remove(key), JOB_TIMING.removeFailed);
  }
  ops.update(key, { state: 'processing', status: job.status, progress: job.progress, message: job.progress_message });
  ops.later(() => void pollJob(ops, key, jobId), JOB_TIMING.poll);
}

/** Sends the listed files (two at a time) and follows each one's job; resolves once every file is handed over or refused. */
export async function sendUploads(
  ops: TrackerOps,
  queue: Array<{ file: File; key: string }>,
  datasetId: string,
  maxUploadMb: number,
  duplicate?: DuplicateChoice,
): Promise<{ processing: number; failed: number }> {
  const outcome = { processing: 0, failed: 0 };
  const fail = (key: string, reason: string, duplicateOf?: File) => {
    outcome.failed++;
    ops.update(key, { state: 'failed', status: 'failed', error: `Failed to upload document. ${reason}`.trim(), duplicateOf });
  };
  const sendOne = async ({ file, key }: { file: File; key: string }) => {
    const problem = checkFile(file, maxUploadMb);
    if (problem) return fail(key, problem);
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const query = duplicate ? `?duplicate=${duplicate}` : '';
      const answer = await postWithProgress(`/api/datasets/${datasetId}/documents${query}`, form, (fraction) =>
        ops.update(key, { progress: Math.round(fraction * 100) }),
      );
      outcome.processing++;
      // Already imported and known to the job list? Keep one entry per job.
      ops.adopted.add(answer.job_id);
      ops.update(key, { state: 'processing', status: 'queued', progress: 0, message: 'Waiting in the queue to be processed', jobId: answer.job_id });
      ops.later(() => void pollJob(ops, key, answer.job_id), JOB_TIMING.firstPoll);
    } catch (error) {
      fail(key, error instanceof Error ? error.message : '', error instanceof UploadRefused && error.status === 409 ? file : undefined);
    }
  };
  const workers = Array.from({ length: Math.min(UPLOAD_CONCURRENCY, queue.length) }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await sendOne(next);
  });
  await Promise.all(workers);
  return outcome;
}
