import { databaseTargetFromEnv, openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { acquireLock } from '../data-dir-lock';
import { parseEnv } from '../env';

const env = parseEnv();
const target = databaseTargetFromEnv(env);
const release = target.kind === 'pglite' ? acquireLock(env.DATA_DIR) : () => {};
try {
  const database = await openDatabase(target);
  const applied = await migrate(database);
  await database.close();
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  release();
}
