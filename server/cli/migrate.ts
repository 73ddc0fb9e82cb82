import fs from 'node:fs';
import { databaseTargetFromEnv, openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { acquireLock } from '../data-dir-lock';
import { parseEnv } from '../env';

/** `--write-pristine FILE` (`npm run build`): an empty database in memory, migrated, dumped to FILE (pristine-database.ts). */
async function writePristine(file: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory' });
  await migrate(database);
  const dump = await database.pglite!.dumpDataDir('gzip');
  await database.close();
  fs.writeFileSync(`${file}.tmp`, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(`${file}.tmp`, file);
}

async function migrateTarget() {
  const env = parseEnv();
  const target = databaseTargetFromEnv(env);
  const release = target.kind === 'pglite' ? acquireLock(env.DATA_DIR) : () => {};
  try {
    const database = await openDatabase(target);
    const applied = await migrate(database);
    await database.close();
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
  } finally {
    release();
  }
}

const pristineAt = process.argv.indexOf('--write-pristine');
try {
  if (pristineAt >= 0) await writePristine(process.argv[pristineAt + 1]);
  else await migrateTarget();
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
