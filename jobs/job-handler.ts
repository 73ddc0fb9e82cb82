import type { Services } from '../server/services';

/** Which run of a job this is, as pg-boss counts it. */
export interface JobAttempt {
  retryCount: number;
  retryLimit: number;
  /** Aborted by pg-boss when it stops and gives up waiting for this job (it is retried after the next start). */
  signal: AbortSignal;
}

/** A queue's handler: parses its payload and calls one domain function. */
export interface JobHandler {
  queue: string;
  /** Jobs of this queue one process runs at once. */
  concurrency: number;
  run(services: Services, data: unknown, attempt: JobAttempt): Promise<void>;
}
