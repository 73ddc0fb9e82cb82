import { failJob } from '../server/domain/tomes/jobs';
import { QUEUES } from '../server/queues';
import type { JobHandler } from './job-handler';

const { name, payload } = QUEUES.deadLetter;

export const GAVE_UP_MESSAGE = 'Processing kept failing and was stopped. Upload the file again later.';
const GAVE_UP_OTHER = 'This job kept failing and was stopped. Please try again later.';

/**
 * A job pg-boss gave up on (out of retries, the last one perhaps lost with its worker): its
 * row and document are marked failed with a reason, never left "processing".
 */
export const deadLetterHandler: JobHandler = {
  queue: name,
  concurrency: 1,
  async run(services, data) {
    const { jobId, documentId } = payload.parse(data);
    await failJob(services.db, jobId, documentId ?? null, documentId ? GAVE_UP_MESSAGE : GAVE_UP_OTHER);
  },
};
