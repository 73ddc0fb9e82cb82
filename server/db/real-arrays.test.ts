import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { parseRealArray, realArrayText } from './real-arrays';
import { createTestDatabase } from './test-database';

describe('a Float32Array parameter is a real[]', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.close());

  it('reaches the database as the same reals, into a column and through a cast, on either database', async () => {
    const vector = Float32Array.from({ length: 512 }, (_, i) => Math.sin(i * 1.7) / (1 + (i % 13)));
    vector[3] = 0;
    vector[4] = -1e-38;
    const { rows } = await sql<{ back: number[]; dims: number; type: string }>`
      select ${vector}::real[] as back, array_length(${vector}::real[], 1) as dims, pg_typeof(${vector}::real[])::text as type`.execute(database.db);
    expect(rows[0].dims).toBe(512);
    expect(rows[0].type).toBe('real[]');
    expect(Float32Array.from(rows[0].back)).toEqual(vector);

    const user = await database.db
      .insertInto('users')
      .values({ username: 'vectors', email: 'v@example.com', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tome = await database.db.insertInto('datasets').values({ user_id: user.id, name: 'Tome' }).returning('id').executeTakeFirstOrThrow();
    const document = await database.db
      .insertInto('documents')
      .values({ user_id: user.id, dataset_id: tome.id, filename: 'a.md', file_type: 'md' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const chunk = await database.db
      .insertInto('chunks')
      .values({ document_id: document.id, dataset_id: tome.id, user_id: user.id, ordinal: 0, content: 'A passage.', token_count: 2 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db.insertInto('chunk_embeddings').values({ chunk_id: chunk.id, model: 'm', embedding: vector }).execute();
    const stored = await database.db.selectFrom('chunk_embeddings').select('embedding').where('chunk_id', '=', chunk.id).executeTakeFirstOrThrow();
    expect(Float32Array.from(stored.embedding)).toEqual(vector);
  });

  it('is written as a literal that reads back, non-finite values and nulls included', () => {
    expect(realArrayText(Float32Array.from([0.5, -2, 1e-7]))).toBe('{0.5,-2,1.0000000116860974e-7}');
    expect(realArrayText([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, null])).toBe('{NaN,Infinity,-Infinity,NULL}');
    expect(parseRealArray('{0.5,-2,NULL}')).toEqual([0.5, -2, null]);
    expect(parseRealArray('{}')).toEqual([]);
  });
});
