import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConceptMap, MapJob } from '../../../server/domain/concept-map';
import { CONCEPT_MAP_MESSAGES } from '../../../contract/concept-map';
import { USAGE_UPDATED_EVENT } from '../../../contract/usage';
import { ApiError, apiFetch } from '~/lib/api-client';

/** Job polling (spec sections 4 and 9): first poll after 1 s, then every 2 s, 5 s after a network error. */
const FIRST_POLL_MS = 1000;
const POLL_MS = 2000;
const RETRY_MS = 5000;

export interface GenerationState {
  running: boolean;
  progress: number;
  message: string;
  error: string | null;
}

interface JobStatus {
  status: string;
  progress: number;
  progress_message: string;
  error: string | null;
}

const IDLE: GenerationState = { running: false, progress: 0, message: '', error: null };

/**
 * Generate/Update Map in the browser: a small selection answers the map at once; a large one
 * answers a job, polled until it ends, and then the map is fetched.
 */
export function useMapGeneration(campaignId: string, onMap: (map: ConceptMap) => void) {
  const [state, setState] = useState<GenerationState>(IDLE);
  const run = useRef(0);
  const timer = useRef<number | undefined>(undefined);
  const onMapRef = useRef(onMap);
  onMapRef.current = onMap;

  const stop = useCallback(() => {
    run.current += 1;
    window.clearTimeout(timer.current);
  }, []);
  useEffect(() => stop, [campaignId, stop]);
  useEffect(() => setState(IDLE), [campaignId]);

  const fail = useCallback((error: unknown) => {
    // The server's own words when it gave any; apiFetch's stand-in for an empty answer is not.
    const serverText = error instanceof ApiError && error.status !== 401 && !/^Request failed \(\d+\)$/.test(error.message);
    const message = serverText ? (error as ApiError).message : CONCEPT_MAP_MESSAGES.generateFailed;
    setState({ ...IDLE, error: message });
  }, []);

  const finish = useCallback(
    async (token: number) => {
      try {
        const map = await apiFetch<ConceptMap>(`/api/campaigns/${campaignId}/concept-map`);
        if (token !== run.current) return;
        onMapRef.current(map);
        setState(IDLE);
      } catch {
        if (token === run.current) setState({ ...IDLE, error: CONCEPT_MAP_MESSAGES.loadFailed });
      }
    },
    [campaignId],
  );

  const poll = useCallback(
    (jobId: string, token: number, delay: number) => {
      timer.current = window.setTimeout(async () => {
        if (token !== run.current) return;
        try {
          const job = await apiFetch<JobStatus>(`/api/jobs/${jobId}/status`);
          if (token !== run.current) return;
          if (job.status === 'completed') {
            window.dispatchEvent(new Event(USAGE_UPDATED_EVENT));
            await finish(token);
          } else if (job.status === 'failed') {
            window.dispatchEvent(new Event(USAGE_UPDATED_EVENT));
            setState({ ...IDLE, error: job.error || CONCEPT_MAP_MESSAGES.generateFailed });
          } else {
            setState({ running: true, progress: job.progress, message: job.progress_message, error: null });
            poll(jobId, token, POLL_MS);
          }
        } catch (error) {
          if (token !== run.current) return;
          // The job is gone: nothing more will come of it.
          if (error instanceof ApiError && error.status === 404) fail(error);
          else if (error instanceof ApiError && error.status === 401) return;
          else poll(jobId, token, RETRY_MS);
        }
      }, delay);
    },
    [fail, finish],
  );

  const generate = useCallback(
    async (selected: Array<{ id: string; dataset_id: string }>) => {
      stop();
      const token = run.current;
      if (selected.length === 0) {
        setState({ ...IDLE, error: CONCEPT_MAP_MESSAGES.noDocuments });
        return;
      }
      setState({ running: true, progress: 0, message: 'Reading the selected documents…', error: null });
      try {
        const answer = await apiFetch<ConceptMap | { job_id: string }>(`/api/campaigns/${campaignId}/concept-map/generate`, {
          method: 'POST',
          body: JSON.stringify({ selected_documents: selected }),
        });
        if (token !== run.current) return;
        if ('job_id' in answer) {
          setState({ running: true, progress: 0, message: 'Waiting in the queue to build the concept map', error: null });
          poll(answer.job_id, token, FIRST_POLL_MS);
          return;
        }
        window.dispatchEvent(new Event(USAGE_UPDATED_EVENT));
        onMapRef.current(answer);
        setState(IDLE);
      } catch (error) {
        if (token === run.current) fail(error);
      }
    },
    [campaignId, fail, poll, stop],
  );

  /** Picks up a generation already running (started in another tab, or before a reload). */
  const resume = useCallback(
    (job: MapJob) => {
      stop();
      setState({ running: true, progress: job.progress, message: job.progress_message, error: null });
      poll(job.id, run.current, FIRST_POLL_MS);
    },
    [poll, stop],
  );

  const dismiss = useCallback(() => setState((current) => ({ ...current, error: null })), []);

  return { state, generate, resume, dismiss };
}
