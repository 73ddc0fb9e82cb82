import { useBlocker, useRevalidator } from '@remix-run/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ActiveJob, JobStatus } from '../../../server/domain/tomes';
import { ACCEPTED_UPLOAD_EXTENSIONS, JOB_TIMING, type DuplicateChoice } from '../../../contract/tomes';
import { ApiError, apiFetch, goToLogin } from '~/lib/api-client';

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

  useEffect(() => {
    if (pending === 0) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pending]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => pending > 0 && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm('Documents are still being processed. If you leave, you will not see when they finish. Leave this page?')) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  const tracker = useMemo<Tracker>(() => ({ entries, pending, upload, dismiss: remove }), [entries, pending, upload, remove]);
  return <TrackerContext.Provider value={tracker}>{children}</TrackerContext.Provider>;
}

function checkFile(file: File, maxUploadMb: number): string | null {
  const dot = file.name.lastIndexOf('.');
  const ext = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  if (!(ACCEPTED_UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) {
    return `${ext ? `Files of type .${ext}` : 'Files without an extension'} cannot be added to a tome. Upload one of: ${ACCEPTED_UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(', ')}.`;
  }
  if (file.size === 0) return 'The file is empty. Check that it saved correctly and upload it again.';
  if (file.size > maxUploadMb * 1024 * 1024) return `The file is larger than the ${maxUploadMb} MB upload limit. Split it into smaller files and upload them separately.`;
  return null;
}

class UploadRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** XMLHttpRequest rather than fetch, for the upload's own progress. */
function postWithProgress(url: string, body: FormData, onProgress: (fraction: number) => void): Promise<{ job_id: string; document_id: string }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status === 401) {
        goToLogin();
        return reject(new Error('Your session has ended. Please log in again.'));
      }
      const answer = request.response as { job_id?: string; document_id?: string; error?: string } | null;
      if (request.status >= 200 && request.status < 300 && answer?.job_id) return resolve(answer as { job_id: string; document_id: string });
      reject(new UploadRefused(request.status, answer?.error ?? `The server answered ${request.status}.`));
    };
    request.onerror = () => reject(new Error('The connection failed before the file was sent.'));
    request.send(body);
  });
}

const STATE_LABELS: Record<UploadState, string> = {
  uploading: 'Uploading',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};

/** The list of uploads (all, or one tome's), each with its state, progress bar and message. */
export function UploadList({ datasetId, names, maxUploadMb }: { datasetId?: string; names?: Map<string, string>; maxUploadMb?: number }) {
  const { entries, dismiss, upload } = useUploadTracker();
  const shown = datasetId ? entries.filter((entry) => entry.datasetId === datasetId) : entries;
  if (shown.length === 0) return null;
  const resend = (entry: TrackedUpload, choice: DuplicateChoice) => {
    dismiss(entry.key);
    void upload(entry.datasetId, [entry.duplicateOf!], maxUploadMb!, choice);
  };
  return (
    <ul className="upload-list" aria-label="Uploads" data-testid="upload-list">
      {shown.map((entry) => (
        <li key={entry.key} className={`upload-entry state-${entry.state}`} data-testid="upload-entry" data-state={entry.state}>
          <div className="upload-entry-head">
            <span className="upload-filename">{entry.filename}</span>
            {names && !datasetId && <span className="muted small">in {names.get(entry.datasetId) ?? 'a tome'}</span>}
            <span className={`badge upload-state state-${entry.state}`}>{STATE_LABELS[entry.state]}</span>
          </div>
          {(entry.state === 'uploading' || entry.state === 'processing') && (
            <div
              className="progress"
              role="progressbar"
              aria-label={`${entry.filename} progress`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={entry.progress}
            >
              <span style={{ width: `${entry.progress}%` }} />
            </div>
          )}
          {entry.state === 'failed' ? (
            <>
              <p className="upload-error" role="alert">
                {entry.error}
              </p>
              {!entry.jobId && (
                <div className="row upload-choices">
                  {entry.duplicateOf && maxUploadMb && (
                    <>
                      <button type="button" className="secondary small-button" onClick={() => resend(entry, 'replace')}>
                        Replace
                      </button>
                      <button type="button" className="secondary small-button" onClick={() => resend(entry, 'keep')}>
                        Keep both
                      </button>
                    </>
                  )}
                  <button type="button" className="link-like small" onClick={() => dismiss(entry.key)} aria-label={`Dismiss ${entry.filename}`}>
                    Dismiss
                  </button>
                </div>
              )}
            </>
          ) : (
            <p className="upload-message muted small">
              {entry.state === 'uploading' ? `Uploading… ${entry.progress}%` : entry.message}
              {entry.state === 'processing' && entry.status && <span className="upload-status"> · {entry.status}</span>}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Above the dashboard's tabs: the processing banner and every upload in flight. */
export function UploadTrackerStatus({ names }: { names?: Map<string, string> }) {
  const { entries, pending } = useUploadTracker();
  if (entries.length === 0) return null;
  return (
    <section className="upload-status-panel" aria-label="Document processing">
      {pending > 0 && (
        <p className="notice info processing-banner" role="status" data-testid="processing-banner">
          <span className="spinner" aria-hidden="true" />
          Processing {pending} {pending === 1 ? 'document' : 'documents'}. Please stay on this page until{' '}
          {pending === 1 ? 'it finishes' : 'they finish'}.
        </p>
      )}
      <UploadList names={names} />
    </section>
  );
}
