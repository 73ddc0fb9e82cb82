import type { PgBoss } from 'pg-boss';
import type { Services } from '../server/services';

/** A job handler: parses its payload and calls one domain function. */
export type JobHandler = (services: Services, data: unknown) => Promise<void>;

const handlers = new Map<string, { handler: JobHandler; concurrency: number }>();

/** Each feature registers its queue's handler here (imported by jobs/handlers.ts). */
export function defineJobHandler(queue: string, handler: JobHandler, concurrency = 1) {
  handlers.set(queue, { handler, concurrency });
}

export async function registerWorkers(boss: PgBoss, services: Services): Promise<void> {
  await import('./handlers');
  for (const [queue, { handler, concurrency }] of handlers) {
    await boss.work(queue, { localConcurrency: concurrency, pollingIntervalSeconds: 0.5 }, async (jobs) => {
      for (const job of jobs) await handler(services, job.data);
    });
  }
}
