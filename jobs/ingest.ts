import { ingestDocument } from '../server/domain/ingest/ingest-document';
import { QUEUES } from './queues';
import { defineJobHandler } from './register-workers';

const { name, payload, options } = QUEUES.ingestDocument;

/** Processes one uploaded document. Two at a time, so one large PDF does not hold up small uploads. */
defineJobHandler(
  name,
  async (services, data) => {
    const { jobId, documentId, userId } = payload.parse(data);
    await ingestDocument(services.db, userId, { jobId, documentId }, {
      embedder: services.ai.embedder,
      maxAttempts: options.retryLimit + 1,
      maxFileBytes: services.env.MAX_UPLOAD_MB * 1024 * 1024,
    });
  },
  2,
);
