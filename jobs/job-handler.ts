import type { Services } from '../server/services';

/** Which run of a job this is, as pg-boss counts it. */
export interface JobAttempt {
  retryCount: number;
  retryLimit: number;
  /**
   * Aborted by pg-boss when the job is no longer this process's to finish: the queue stopped and
   * stopped waiting for it (it is retried after the next start), or its claim was lost.
   */
  signal: AbortSignal;
}

/** A queue's handler: parses its payload and calls one domain function. */
export interface JobHandler {
  queue: string;
  /** Jobs of this queue one process runs at once. */
  concurrency: number;
  run(services: Services, data: unknown, attempt: JobAttempt): Promise<void>;
}
