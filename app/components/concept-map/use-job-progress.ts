import { useRevalidator } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import type { MapJob } from '../../../server/domain/concept-map';
import type { JobStatus } from '../../../server/domain/tomes';
import { CONCEPT_MAP_MESSAGES } from '../../../contract/concept-map';
import { USAGE_UPDATED_EVENT } from '../../../contract/usage';
import { ApiError, apiFetch } from '~/lib/api-client';

/** Job polling (spec sections 4 and 9): first poll after 1 s, then every 2 s, 5 s after a network error. */
const FIRST_POLL_MS = 1000;
const POLL_MS = 2000;
const RETRY_MS = 5000;

export interface JobProgress {
  /** While the job runs: how far it is (0-100) and what it is doing; null when none runs. */
  running: { progress: number; message: string } | null;
  /** Why the job ended without a map, once it has. */
  error: string | null;
}

const stepOf = (job: Pick<JobStatus, 'progress' | 'progress_message'>) => ({ progress: job.progress, message: job.progress_message });

/**
 * Follows a queued generation (a large selection) by polling its job, the screen's one live
 * piece; when it ends the page's data is loaded again, which brings the new map. Without
 * JavaScript the page refreshes itself instead (see MapCanvas).
 */
export function useJobProgress(job: MapJob | null): JobProgress {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const latest = useRef(job);
  latest.current = job;
  const runningId = job && job.status !== 'failed' ? job.id : null;
  const [state, setState] = useState<JobProgress>({ running: null, error: null });

  useEffect(() => {
    const job = latest.current;
    if (!runningId || !job) {
      setState({ running: null, error: null });
      return;
    }
    let timer: number | undefined;
    let stopped = false;
    setState({ running: stepOf(job), error: null });
    const poll = (delay: number) => {
      timer = window.setTimeout(async () => {
        try {
          const status = await apiFetch<JobStatus>(`/api/jobs/${job.id}/status`);
          if (stopped) return;
          if (status.status === 'completed' || status.status === 'failed') {
            window.dispatchEvent(new Event(USAGE_UPDATED_EVENT));
            setState({ running: null, error: status.status === 'failed' ? status.error || CONCEPT_MAP_MESSAGES.generateFailed : null });
            revalidate.current();
            return;
          }
          setState({ running: stepOf(status), error: null });
          poll(POLL_MS);
        } catch (error) {
          if (stopped || (error instanceof ApiError && error.status === 401)) return;
          // The job is gone: nothing more will come of it.
          if (error instanceof ApiError && error.status === 404) setState({ running: null, error: CONCEPT_MAP_MESSAGES.generateFailed });
          else poll(RETRY_MS);
        }
      }, delay);
    };
    poll(FIRST_POLL_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
    // A new running job (by id) starts a new follow; progress updates of the same job do not.
  }, [runningId]);

  return state;
}
