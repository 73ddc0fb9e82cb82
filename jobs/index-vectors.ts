import { sql } from 'kysely';
import { refreshSearchStatisticsIfStale } from '../server/domain/retrieval';
import { indexPendingVectors, pendingVectorCount } from '../server/domain/retrieval/vector-index';
import { INGEST_JOB_KIND } from '../server/domain/tomes/jobs';
import { QUEUES } from '../server/queues';
import type { Services } from '../server/services';
import type { JobHandler } from './job-handler';

const { name } = QUEUES.indexVectors;
/** How often a run looks again while documents are still being processed. */
const WAIT_MS = 250;
/** An ingest job not heard from for this long (its process died) no longer holds the vectors back. */
const LIVE_JOB_MINUTES = 10;

/**
 * Moves the vectors ingestion left beside the HNSW index into it (ADR 0244). While documents are
 * still being processed it waits, so a batch of uploads is moved in together (one build of the
 * index for a new library) rather than between them; then the planner's statistics are brought
 * up to date, as after an ingest. Like every job, it is background work: requests go first, and
 * its looking does not hold ingestion back either (server/db/foreground.ts).
 */
export const indexVectorsHandler: JobHandler = {
  queue: name,
  concurrency: 1,
  async run(services, _data, attempt) {
    while (await ingestionUnderway(services)) {
      // The queue is stopping: the vectors stay pending, and the next start queues this again.
      if (attempt.signal.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
    }
    const { moved } = await indexPendingVectors(services.db);
    if (moved === 0) return;
    await refreshSearchStatisticsIfStale(services.db, moved);
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
