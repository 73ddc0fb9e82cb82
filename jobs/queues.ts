import { z } from 'zod';

/** Every queue the workers serve, with the payload each job carries. */
export const QUEUES = {
  ingestDocument: {
    name: 'ingest-document',
    payload: z.object({ jobId: z.string().uuid(), documentId: z.string().uuid(), userId: z.string().uuid() }),
    options: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 30 * 60 },
  },
  reembedChunks: {
    name: 'reembed-chunks',
    payload: z.object({}),
    // One queued and one running at most: a run that leaves work sends the next.
    options: { policy: 'stately', retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 30 * 60 },
  },
  conceptMap: {
    name: 'concept-map',
    payload: z.object({
      jobId: z.string().uuid(),
      userId: z.string().uuid(),
      campaignId: z.string().uuid(),
      documents: z.array(z.object({ id: z.string().uuid(), dataset_id: z.string().uuid() })),
    }),
    options: { retryLimit: 1, retryDelay: 5, expireInSeconds: 60 * 60 },
  },
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]['name'];
