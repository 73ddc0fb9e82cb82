import { hasStaleVectors, reembedProgress, reembedStaleChunks } from '../server/domain/ingest/reembed';
import { log } from '../server/log';
import { QUEUES } from '../server/queues';
import type { Services } from '../server/services';
import type { JobHandler } from './job-handler';

const { name } = QUEUES.reembedChunks;

/**
 * Re-embeds, a few hundred passages per job, the library for the current embedding model, beside
 * the earlier model's vectors (which searches use until the new ones are complete), then removes
 * the earlier vectors. Each job logs how far it has come.
 */
export const reembedHandler: JobHandler = {
  queue: name,
  concurrency: 1,
  async run(services) {
    const { embedder } = services.ai;
    const { reembedded, remaining } = await reembedStaleChunks(services.db, embedder, { limit: 512 });
    if (reembedded > 0) {
      const { done, total } = await reembedProgress(services.db, embedder.model);
      log().info({ model: embedder.model, done, total }, `re-embedding the library for ${embedder.model}: ${done} of ${total} passages`);
    }
    if (remaining) await services.queue.send(name, {});
  },
};

/** At start-up: when the embedding provider changed since passages were indexed, queue their re-embedding. */
export async function queueStaleReembedding(services: Services): Promise<void> {
  if (await hasStaleVectors(services.db, services.ai.embedder.model)) await services.queue.send(name, {});
}
