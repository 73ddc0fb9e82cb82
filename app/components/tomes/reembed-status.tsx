import { useEffect, useState } from 'react';
import type { JobStatus } from '../../../server/domain/tomes';
import { JOB_TIMING } from '../../../contract/job-timing';
import { apiFetch } from '~/lib/api-client';

/**
 * A change of embedding model re-embedding the GM's passages in the background (ADR 0296): the
 * server renders the job's progress (so it reads with JavaScript off, a reload showing the latest),
 * and with JavaScript the job is followed like an upload's, through GET /api/jobs/{id}/status.
 */
export function ReembedStatus({ job: initial }: { job: JobStatus }) {
  const [job, setJob] = useState(initial);
  useEffect(() => setJob(initial), [initial]);

  const running = job.status !== 'completed' && job.status !== 'failed';
  useEffect(() => {
    if (!running) return;
    let cancelled = false;
    const timer = window.setTimeout(async () => {
      try {
        const next = await apiFetch<JobStatus>(`/api/jobs/${job.id}/status`);
        if (!cancelled) setJob(next);
      } catch {
        // Checked again after the usual pause (a network hiccup, or the server restarting).
        if (!cancelled) setJob((current) => ({ ...current }));
      }
    }, JOB_TIMING.poll);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [job, running]);

  return (
    <section className={`notice ${job.status === 'failed' ? 'error' : 'info'} reembed-status`} aria-label="Re-embedding" data-testid="reembed-status">
      <p role="status">{job.status === 'failed' ? `Re-embedding failed: ${job.error ?? 'unknown error'}` : job.progress_message}</p>
      {running && (
        <div className="progress" role="progressbar" aria-label="Re-embedding progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={job.progress}>
          <span style={{ width: `${job.progress}%` }} />
        </div>
      )}
    </section>
  );
}
