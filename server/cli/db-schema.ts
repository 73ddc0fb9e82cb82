import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { generateSchema, staleRefinements } from '../db/schema-generate';

/**
 * `npm run db:schema`: migrates an empty embedded database in memory and writes server/db/schema.ts
 * from its catalog (server/db/schema-generate.ts). Run it after adding a migration.
 */
const database = await openDatabase({ kind: 'pglite', dataDir: 'memory' });
try {
  await migrate(database);
  const stale = await staleRefinements(database.db as never);
  if (stale.length > 0) throw new Error(`server/db/schema-refinements.ts names what the database does not have: ${stale.join(', ')}`);
  const file = path.resolve(import.meta.dirname, '../db/schema.ts');
  fs.writeFileSync(file, await generateSchema(database.db as never));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
} finally {
  await database.close();
}
