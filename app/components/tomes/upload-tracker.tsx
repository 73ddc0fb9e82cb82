import { useRevalidator } from '@remix-run/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ActiveJob, JobStatus } from '../../../server/domain/tomes';
import { JOB_TIMING, type DuplicateChoice } from '../../../contract/tomes';
import { ApiError, apiFetch } from '~/lib/api-client';
import { latePart } from '~/lib/late-part';
import { useLeaveWarning } from './use-leave-warning';

/**
 * Uploads and their processing jobs, watched from the browser exactly as spec sections 4 and 9
 * say: first poll 1 s after the upload, then every 2 s; 5 s after a network error; a 404 drops
 * the entry; a completed one is removed after 2 s (and the lists refreshed); a failed one shows
 * its error and is removed after 5 s (the document stays in Manage Documents, marked failed with
 * its reason). An upload the server refused stays listed with its reason until dismissed; one
 * already in the tome offers Replace and Keep both. While anything is pending, a banner asks the user to stay
 * and leaving the page asks for confirmation.
 */

export type UploadState = 'uploading' | 'processing' | 'completed' | 'failed';

export interface TrackedUpload {
  key: string;
  filename: string;
  datasetId: string;
  state: UploadState;
  /** The job's own status while processing: queued, extracting, chunking, embedding, indexing. */
  status: string;
  progress: number;
  message: string;
  error: string | null;
  jobId: string | null;
  /** The tome already holds these bytes: the file, kept to send again once the GM chooses. */
  duplicateOf?: File;
}

interface Tracker {
  entries: TrackedUpload[];
  pending: number;
  /** Uploads the files to a tome; resolves once every file has been handed over (processing) or refused. */
  upload(datasetId: string, files: File[], maxUploadMb: number, duplicate?: DuplicateChoice): Promise<{ processing: number; failed: number }>;
  /** Forgets a refused upload (they stay listed, with their reason, until the GM dismisses them). */
  dismiss(key: string): void;
}

const TrackerContext = createContext<Tracker | null>(null);

export function useUploadTracker(): Tracker {
  const tracker = useContext(TrackerContext);
  if (!tracker) throw new Error('useUploadTracker needs an UploadTrackerProvider');
  return tracker;
}

let sequence = 0;
const UPLOAD_CONCURRENCY = 2;

export function UploadTrackerProvider({ initialJobs, children }: { initialJobs: ActiveJob[]; children: ReactNode }) {
  const [entries, setEntries] = useState<TrackedUpload[]>([]);
  const timers = useRef(new Set<number>());
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  const update = useCallback((key: string, patch: Partial<TrackedUpload>) => {
    setEntries((list) => list.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)));
  }, []);
  const remove = useCallback((key: string) => setEntries((list) => list.filter((entry) => entry.key !== key)), []);
  const later = useCallback((run: () => void, ms: number) => {
    const id = window.setTimeout(() => {
      timers.current.delete(id);
      run();
    }, ms);
    timers.current.add(id);
  }, []);

  const poll = useCallback(
    async (key: string, jobId: string) => {
      let job: JobStatus;
      try {
        job = await apiFetch<JobStatus>(`/api/jobs/${jobId}/status`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return remove(key);
        if (error instanceof ApiError && error.status === 401) return;
        update(key, { message: 'Could not reach the server; checking again in 5 seconds…' });
        return later(() => void poll(key, jobId), JOB_TIMING.retryAfterError);
      }
      if (job.status === 'completed') {
        update(key, { state: 'completed', status: 'completed', progress: 100, message: job.progress_message || 'Completed' });
        revalidate.current();
        return later(() => remove(key), JOB_TIMING.removeCompleted);
      }
      if (job.status === 'failed') {
        update(key, { state: 'failed', status: 'failed', error: `Processing failed: ${job.error || 'Unknown error'}` });
        revalidate.current();
        return later(() => remove(key), JOB_TIMING.removeFailed);
      }
      update(key, { state: 'processing', status: job.status, progress: job.progress, message: job.progress_message });
      later(() => void poll(key, jobId), JOB_TIMING.poll);
    },
    [later, remove, update],
  );

  const watch = useCallback(
    (entry: Omit<TrackedUpload, 'key'>, key = `upload-${++sequence}`) => {
      setEntries((list) => [...list, { ...entry, key }]);
      if (entry.jobId) later(() => void poll(key, entry.jobId!), JOB_TIMING.firstPoll);
      return key;
    },
    [later, poll],
  );

  // Jobs already running when the page loaded (a reload, or another tab's uploads) are watched too.
  const adopted = useRef(new Set<string>());
  useEffect(() => {
    for (const job of initialJobs) {
      if (adopted.current.has(job.id)) continue;
      adopted.current.add(job.id);
      watch({
        filename: job.filename,
        datasetId: job.dataset_id,
        state: 'processing',
        status: job.status,
        progress: job.progress,
        message: job.progress_message,
        error: null,
        jobId: job.id,
      });
    }
  }, [initialJobs, watch]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((id) => window.clearTimeout(id));
  }, []);

  const upload = useCallback(
    async (datasetId: string, files: File[], maxUploadMb: number, duplicate?: DuplicateChoice) => {
      const outcome = { processing: 0, failed: 0 };
      const queue = files.map((file) => {
        const key = `upload-${++sequence}`;
        setEntries((list) => [
          ...list,
          { key, filename: file.name, datasetId, state: 'uploading', status: 'uploading', progress: 0, message: 'Uploading…', error: null, jobId: null },
        ]);
        return { file, key };
      });
      // Sending code loads with the first upload (ADR 0221).
      const { checkFile, postWithProgress, UploadRefused } = await import('./upload-request');
      const fail = (key: string, reason: string, duplicateOf?: File) => {
        outcome.failed++;
        update(key, { state: 'failed', status: 'failed', error: `Failed to upload document. ${reason}`.trim(), duplicateOf });
      };
      const sendOne = async ({ file, key }: { file: File; key: string }) => {
        const problem = checkFile(file, maxUploadMb);
        if (problem) return fail(key, problem);
        const form = new FormData();
        form.append('file', file, file.name);
        try {
          const query = duplicate ? `?duplicate=${duplicate}` : '';
          const answer = await postWithProgress(`/api/datasets/${datasetId}/documents${query}`, form, (fraction) =>
            update(key, { progress: Math.round(fraction * 100) }),
          );
          outcome.processing++;
          // Already imported and known to the job list? Keep one entry per job.
          adopted.current.add(answer.job_id);
          update(key, { state: 'processing', status: 'queued', progress: 0, message: 'Waiting in the queue to be processed', jobId: answer.job_id });
          later(() => void poll(key, answer.job_id), JOB_TIMING.firstPoll);
        } catch (error) {
          fail(key, error instanceof Error ? error.message : '', error instanceof UploadRefused && error.status === 409 ? file : undefined);
        }
      };
      const workers = Array.from({ length: Math.min(UPLOAD_CONCURRENCY, queue.length) }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await sendOne(next);
      });
      await Promise.all(workers);
      return outcome;
    },
    [later, poll, update],
  );

  const pending = entries.filter((entry) => entry.state === 'uploading' || entry.state === 'processing').length;
  useLeaveWarning(pending);

  const tracker = useMemo<Tracker>(() => ({ entries, pending, upload, dismiss: remove }), [entries, pending, upload, remove]);
  return <TrackerContext.Provider value={tracker}>{children}</TrackerContext.Provider>;
}

// The status panel's code loads once there is an upload to show: the server never renders one
// (uploads and jobs are tracked in the browser), so no page waits for it (ADR 0221).
const UploadTrackerStatus = latePart('upload-status', () => import('./upload-list').then((m) => m.UploadTrackerStatus));

/** Above the dashboard's tabs: the processing banner and every upload in flight, once there is one. */
export function UploadStatus({ names }: { names?: Map<string, string> }) {
  const { entries } = useUploadTracker();
  return entries.length > 0 ? <UploadTrackerStatus names={names} /> : null;
}
