import { ingestDocument } from '../server/domain/ingest/ingest-document';
import { refreshSearchStatisticsIfStale } from '../server/domain/retrieval';
import { QUEUES } from '../server/queues';
import { queueVectorIndexing } from './index-vectors';
import type { JobHandler } from './job-handler';

const { name, payload } = QUEUES.ingestDocument;

/** Processes one uploaded document. Two at a time, so one large PDF does not hold up small uploads. */
export const ingestHandler: JobHandler = {
  queue: name,
  concurrency: 2,
  async run(services, data, attempt) {
    const { jobId, documentId, userId } = payload.parse(data);
    const outcome = await ingestDocument(
      services.db,
      userId,
      { jobId, documentId },
      {
        embedder: services.ai.embedder,
        isLastAttempt: attempt.retryCount >= attempt.retryLimit,
        maxFileBytes: services.env.MAX_UPLOAD_MB * 1024 * 1024,
        pdfReadingThreads: services.env.PDF_READING_THREADS,
        readTimeoutMs: services.env.DOCUMENT_READ_TIMEOUT_SECONDS * 1000,
        signal: attempt.signal,
      },
    );
    // The first search after a bulk ingest then plans with the new passages counted (and so
    // uses the vector index) instead of refreshing the statistics itself.
    if (outcome === 'completed') {
      const written = await services.db
        .selectFrom('chunks')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('document_id', '=', documentId)
        .executeTakeFirst();
      await refreshSearchStatisticsIfStale(services.db, Number(written?.n ?? 0));
      // Its vectors were written beside the vector index.
      await queueVectorIndexing(services);
    }
  },
};
