import { prepareTestDatabaseTemplate } from '../../server/db/test-database';

/**
 * Once per vitest run, before the workers start: the test database template (ADR 0175), so
 * workers never build it side by side at the start of a run.
 */
export default async function setup() {
  await prepareTestDatabaseTemplate();
}
