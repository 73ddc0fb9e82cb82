import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { createTestDatabase } from './test-database';

describe('bytes as a bytea parameter', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.close());

  it('reach the database and come back unchanged: every byte value, a view into larger bytes, none at all', async () => {
    const every = Uint8Array.from({ length: 4096 }, (_, i) => (i * 37 + (i >> 8)) % 256);
    const view = every.subarray(1000, 3333);
    for (const bytes of [every, view, new Uint8Array(0)]) {
      const { rows } = await sql<{ back: Uint8Array; length: number; first: number | null }>`
        select ${bytes}::bytea as back, length(${bytes}::bytea) as length, get_byte(${bytes}::bytea || '\\x00'::bytea, 0) as first`.execute(database.db);
      expect(rows[0].length).toBe(bytes.length);
      expect(rows[0].first).toBe(bytes.length > 0 ? bytes[0] : 0);
      expect(Buffer.compare(Buffer.from(rows[0].back), Buffer.from(bytes))).toBe(0);
    }
  });
});
