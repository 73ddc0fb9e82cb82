import { hasStaleVectors, reembedStaleChunks } from '../server/domain/ingest/reembed';
import { QUEUES } from '../server/queues';
import type { Services } from '../server/services';
import type { JobHandler } from './job-handler';

const { name } = QUEUES.reembedChunks;

/** Re-embeds, a few hundred passages per job, the vectors an earlier embedding provider made. */
export const reembedHandler: JobHandler = {
  queue: name,
  concurrency: 1,
  async run(services) {
    const { remaining } = await reembedStaleChunks(services.db, services.ai.embedder, { limit: 512 });
    if (remaining) await services.queue.send(name, {});
  },
};

/** At start-up: when the embedding provider changed since passages were indexed, queue their re-embedding. */
export async function queueStaleReembedding(services: Services): Promise<void> {
  if (await hasStaleVectors(services.db, services.ai.embedder.model)) await services.queue.send(name, {});
}
