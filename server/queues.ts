import { z } from 'zod';

/**
 * Every queue, beside the queue itself (server/queue.ts creates them): name, payload and the
 * options by which pg-boss owns retries, heartbeats and dead letters. The jobs table keeps
 * only what the game master sees (status, progress, message, error).
 *
 * - heartbeatSeconds: a worker that dies (kill -9, a crash, a lost machine) stops beating;
 *   pg-boss's monitor fails the attempt and retries it within about a minute.
 * - deadLetter: a job out of retries lands in `jobs-dead-letter`, whose handler marks its row
 *   and document failed, so nothing is left "processing" forever.
 * - notify: a new job wakes a worker at once (LISTEN/NOTIFY) instead of at its next poll.
 */
const HEARTBEAT_SECONDS = 20;

export const QUEUES = {
  // Created first: the queues below name it as their dead letter queue.
  deadLetter: {
    name: 'jobs-dead-letter',
    payload: z.object({ jobId: z.string().uuid(), documentId: z.string().uuid().optional() }).passthrough(),
    options: { retryLimit: 3, retryDelay: 5, notify: true },
  },
  ingestDocument: {
    name: 'ingest-document',
    payload: z.object({ jobId: z.string().uuid(), documentId: z.string().uuid(), userId: z.string().uuid() }),
    options: {
      retryLimit: 3,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: 30 * 60,
      heartbeatSeconds: HEARTBEAT_SECONDS,
      deadLetter: 'jobs-dead-letter',
      notify: true,
    },
  },
  reembedChunks: {
    name: 'reembed-chunks',
    payload: z.object({}),
    // One queued and one running at most: a run that leaves work sends the next.
    options: {
      policy: 'stately',
      retryLimit: 3,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 30 * 60,
      heartbeatSeconds: HEARTBEAT_SECONDS,
      notify: true,
    },
  },
  indexVectors: {
    name: 'index-vectors',
    payload: z.object({}),
    // One queued and one running at most: every finished ingest asks, one run answers them all.
    options: {
      policy: 'stately',
      retryLimit: 5,
      retryDelay: 10,
      retryBackoff: true,
      expireInSeconds: 30 * 60,
      heartbeatSeconds: HEARTBEAT_SECONDS,
      notify: true,
    },
  },
  conceptMap: {
    name: 'concept-map',
    payload: z.object({
      jobId: z.string().uuid(),
      userId: z.string().uuid(),
      campaignId: z.string().uuid(),
      documents: z.array(z.object({ id: z.string().uuid(), dataset_id: z.string().uuid() })),
    }),
    options: {
      retryLimit: 1,
      retryDelay: 5,
      expireInSeconds: 60 * 60,
      heartbeatSeconds: HEARTBEAT_SECONDS,
      deadLetter: 'jobs-dead-letter',
      notify: true,
    },
  },
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]['name'];
