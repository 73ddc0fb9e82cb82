import { runConceptMapJob } from '../server/domain/concept-map';
import { QUEUES } from '../server/queues';
import type { JobHandler } from './job-handler';

const { name, payload } = QUEUES.conceptMap;

/** Builds a campaign's concept map from a large selection of documents, reporting progress on its job row. */
export const conceptMapHandler: JobHandler = {
  queue: name,
  concurrency: 1,
  async run(services, data) {
    await runConceptMapJob(services.db, payload.parse(data), services);
  },
};
