import { runConceptMapJob } from '../server/domain/concept-map';
import { QUEUES } from './queues';
import { defineJobHandler } from './register-workers';

const { name, payload } = QUEUES.conceptMap;

/** Builds a campaign's concept map from a large selection of documents, reporting progress on its job row. */
defineJobHandler(name, async (services, data) => {
  await runConceptMapJob(services.db, payload.parse(data), services);
});
