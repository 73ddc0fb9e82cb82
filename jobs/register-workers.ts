import type { PgBoss } from 'pg-boss';
import type { Services } from '../server/services';
import { conceptMapHandler } from './concept-map';
import { deadLetterHandler } from './dead-letter';
import { indexVectorsHandler } from './index-vectors';
import { ingestHandler } from './ingest';
import type { JobHandler } from './job-handler';
import { reembedHandler } from './reembed';
import { log, withLogger } from '../server/log';
import { collectWhenQuiet } from '../server/collect-when-quiet';
import { runJob } from '../server/db/foreground';

/** Every queue's handler, listed here: adding a queue means adding it to this list. */
export const JOB_HANDLERS: readonly JobHandler[] = [ingestHandler, indexVectorsHandler, reembedHandler, conceptMapHandler, deadLetterHandler];

/**
 * Starts this process's workers. pg-boss owns the rest: new jobs wake a worker at once
 * (LISTEN/NOTIFY; a 2 s poll is the backstop; an ended job wakes its queue's workers too, so a
 * backlog is worked through without waits), heartbeats are sent while a handler runs,
 * and a throw is retried by the queue's options or dead-lettered. When no job runs any more, a
 * full collection returns what the jobs left (server/collect-when-quiet.ts, ADR 0237); after large
 * work the embedded database is started again first (ADR 0356).
 */
export async function registerWorkers(boss: PgBoss, services: Services): Promise<void> {
  const collector = collectWhenQuiet({ relaunch: services.database.relaunch });
  boss.once('stopped', collector.stop);
  for (const handler of JOB_HANDLERS) {
    await boss.work(
      handler.queue,
      {
        localConcurrency: handler.concurrency,
        includeMetadata: true,
        pollingIntervalSeconds: 2,
        notifyPollingIntervalSeconds: 2,
      },
      async (jobs) => {
        collector.started();
        try {
          for (const job of jobs) {
            // The job's lines name its queue and id.
            await withLogger(log().child({ queue: handler.queue, jobId: job.id }), () =>
              runJob(job.id, () => handler.run(services, job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit, signal: job.signal })),
            );
          }
        } finally {
          collector.ended();
          wakeWorkers(boss, handler.queue);
        }
      },
    );
  }
}

/**
 * A worker that ends a job waits out its poll (2 s) before it fetches again, unless a job was
 * sent meanwhile (NOTIFY wakes it): jobs queued together, such as a batch of uploads, then
 * started one per worker every 2 s however short each was. Waking the queue's workers when a job
 * ends has them fetch at once; one that finds nothing goes back to polling.
 */
function wakeWorkers(boss: PgBoss, queue: string): void {
  for (const worker of boss.getWipData()) if (worker.name === queue) boss.notifyWorker(worker.id);
}
