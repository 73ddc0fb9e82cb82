import { hasStaleVectors, recordReembedProgress, reembedProgress, reembedStaleChunks } from '../server/domain/ingest/reembed';
import { log } from '../server/log';
import { QUEUES } from '../server/queues';
import type { Services } from '../server/services';
import type { JobHandler } from './job-handler';

const { name } = QUEUES.reembedChunks;

/**
 * Re-embeds, a few hundred passages per job, the library for the current embedding model, beside
 * the earlier model's vectors (which searches use until the new ones are complete), then removes
 * the earlier vectors. Each job logs how far it has come and writes it to each owner's jobs row,
 * which the Knowledge Tomes page shows.
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
    // Nothing was left to re-embed: searches use the new vectors from now on (the old ones are being removed).
    await recordReembedProgress(services.db, embedder.model, embeddingLabel(services), reembedded === 0);
    if (remaining) await services.queue.send(name, {});
  },
};

/** At start-up: when the embedding provider changed since passages were indexed, queue their re-embedding. */
export async function queueStaleReembedding(services: Services): Promise<void> {
  const { db, ai } = services;
  if (!(await hasStaleVectors(db, ai.embedder.model))) return;
  await recordReembedProgress(db, ai.embedder.model, embeddingLabel(services), false);
  await services.queue.send(name, {});
}

/** The embedding model as the GM configured it ("nomic-embed-text via Ollama"), not its storage tag. */
function embeddingLabel(services: Services): string {
  return services.ai.roles?.embeddings ?? services.ai.embedder.model;
}
