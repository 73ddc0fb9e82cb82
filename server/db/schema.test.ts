import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSchema, staleRefinements } from './schema-generate';
import { createTestDatabase } from './test-database';

// The types come from the embedded database's catalog; the Postgres server run has no pgvector.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('server/db/schema.ts', () => {
  it('is what the migrations make of the database (after a migration: npm run db:schema)', async () => {
    const database = await createTestDatabase();
    try {
      const generated = await generateSchema(database.db as never);
      expect(fs.readFileSync(path.join(import.meta.dirname, 'schema.ts'), 'utf8')).toBe(generated);
      expect(await staleRefinements(database.db as never)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
