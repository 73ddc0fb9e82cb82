import { z } from 'zod';

/** Every queue the workers serve, with the payload each job carries. */
export const QUEUES = {
  ingestDocument: {
    name: 'ingest-document',
    payload: z.object({ jobId: z.string().uuid(), documentId: z.string().uuid(), userId: z.string().uuid() }),
    options: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 30 * 60 },
  },
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]['name'];
