import { useRevalidator } from '@remix-run/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ActiveJob } from '../../../server/domain/tomes';
import { JOB_TIMING } from '../../../contract/job-timing';
import type { DuplicateChoice } from '../../../contract/tomes';
import { latePart } from '~/lib/late-part';
import type { TrackerOps } from './upload-jobs';

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

// Sending, following jobs and the warning on leaving load with the first upload or job (ADR 0239).
const LeaveWarning = latePart('leave-warning', () => import('./leave-warning').then((m) => m.LeaveWarning));
const loadJobs = () => {
  LeaveWarning.preload();
  return import('./upload-jobs');
};

export function UploadTrackerProvider({ initialJobs, children }: { initialJobs: ActiveJob[]; children: ReactNode }) {
  const [entries, setEntries] = useState<TrackedUpload[]>([]);
  const timers = useRef(new Set<number>());
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const adopted = useRef(new Set<string>());

  const ops = useMemo<TrackerOps>(
    () => ({
      update: (key, patch) => setEntries((list) => list.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry))),
      remove: (key) => setEntries((list) => list.filter((entry) => entry.key !== key)),
      later: (run, ms) => {
        const id = window.setTimeout(() => {
          timers.current.delete(id);
          run();
        }, ms);
        timers.current.add(id);
      },
      revalidate: () => revalidate.current(),
      adopted: adopted.current,
    }),
    [],
  );

  // Jobs already running when the page loaded (a reload, or another tab's uploads) are watched too.
  useEffect(() => {
    for (const job of initialJobs) {
      if (adopted.current.has(job.id)) continue;
      adopted.current.add(job.id);
      const key = `upload-${++sequence}`;
      setEntries((list) => [
        ...list,
        {
          key,
          filename: job.filename,
          datasetId: job.dataset_id,
          state: 'processing',
          status: job.status,
          progress: job.progress,
          message: job.progress_message,
          error: null,
          jobId: job.id,
        },
      ]);
      const jobs = loadJobs();
      ops.later(() => void jobs.then(({ pollJob }) => pollJob(ops, key, job.id)), JOB_TIMING.firstPoll);
    }
  }, [initialJobs, ops]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((id) => window.clearTimeout(id));
  }, []);

  const upload = useCallback(
    async (datasetId: string, files: File[], maxUploadMb: number, duplicate?: DuplicateChoice) => {
      const queue = files.map((file) => {
        const key = `upload-${++sequence}`;
        setEntries((list) => [
          ...list,
          { key, filename: file.name, datasetId, state: 'uploading', status: 'uploading', progress: 0, message: 'Uploading…', error: null, jobId: null },
        ]);
        return { file, key };
      });
      const { sendUploads } = await loadJobs();
      return sendUploads(ops, queue, datasetId, maxUploadMb, duplicate);
    },
    [ops],
  );

  const pending = entries.filter((entry) => entry.state === 'uploading' || entry.state === 'processing').length;

  const tracker = useMemo<Tracker>(() => ({ entries, pending, upload, dismiss: ops.remove }), [entries, pending, upload, ops]);
  return (
    <TrackerContext.Provider value={tracker}>
      {pending > 0 && <LeaveWarning pending={pending} />}
      {children}
    </TrackerContext.Provider>
  );
}

// The status panel's code loads once there is an upload to show: the server never renders one
// (uploads and jobs are tracked in the browser), so no page waits for it (ADR 0221).
const UploadTrackerStatus = latePart('upload-status', () => import('./upload-list').then((m) => m.UploadTrackerStatus));

/** Above the dashboard's tabs: the processing banner and every upload in flight, once there is one. */
export function UploadStatus({ names }: { names?: Map<string, string> }) {
  const { entries } = useUploadTracker();
  return entries.length > 0 ? <UploadTrackerStatus names={names} /> : null;
}
