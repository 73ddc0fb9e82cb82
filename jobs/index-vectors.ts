import { sql } from 'kysely';
import { inBackground, yieldToForeground } from '../server/db/foreground';
import { refreshSearchStatisticsIfStale } from '../server/domain/retrieval';
import { indexPendingVectors, pendingVectorCount } from '../server/domain/retrieval/vector-index';
import { INGEST_JOB_KIND } from '../server/domain/tomes/jobs';
import { QUEUES } from '../server/queues';
import type { Services } from '../server/services';
import type { JobHandler } from './job-handler';

const { name } = QUEUES.indexVectors;
/** How long a run waits for documents still being processed before it looks again. */
const WAIT_SECONDS = 2;
/** An ingest job not heard from for this long (its process died) no longer holds the vectors back. */
const LIVE_JOB_MINUTES = 10;

/**
 * Moves the vectors ingestion left beside the HNSW index into it (ADR 0244). While documents are
 * still being processed it waits, so a batch of uploads is moved in together (one build of the
 * index for a new library) rather than between them; then the planner's statistics are brought
 * up to date, as after an ingest.
 */
export const indexVectorsHandler: JobHandler = {
  queue: name,
  concurrency: 1,
  async run(services) {
    if (await ingestionUnderway(services)) {
      await services.queue.send(name, {}, { startAfter: WAIT_SECONDS });
      return;
    }
    await inBackground(async () => {
      const { moved } = await indexPendingVectors(services.db);
      if (moved === 0) return;
      await yieldToForeground();
      await refreshSearchStatisticsIfStale(services.db);
    });
  },
};

/** Asks for the pending vectors to be moved into the index (one run answers every ask made before it starts). */
export async function queueVectorIndexing(services: Pick<Services, 'queue'>): Promise<void> {
  await services.queue.send(name, {});
}

/** At start-up: vectors left pending by a process that stopped are moved in. */
export async function queueLeftoverVectorIndexing(services: Services): Promise<void> {
  if ((await pendingVectorCount(services.db)) > 0) await queueVectorIndexing(services);
}

async function ingestionUnderway(services: Services): Promise<boolean> {
  const { rows } = await sql<{ underway: boolean }>`select exists (
      select 1 from jobs where kind = ${INGEST_JOB_KIND} and status not in ('completed', 'failed')
      and updated_at > now() - make_interval(mins => ${LIVE_JOB_MINUTES})
    ) as underway`.execute(services.db);
  return rows[0]?.underway === true;
}
