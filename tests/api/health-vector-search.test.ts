import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../server/db/test-database';
import { EXACT_SEARCH_NOTICE } from '../../server/domain/retrieval';
import { createTestApp, type TestApp } from '../support/test-app';

// How search compares vectors is part of the health answer: on a Postgres server without pgvector
// (Debian's PostgreSQL 15 in CI) it falls back to exact comparison, and says so.
describe('GET /api/health: vector search', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('names pgvector where the extension is installed, exact search where it is not', async () => {
    const t = await createTestApp();
    apps.push(t);
    const installed = await sql<{ present: boolean }>`select exists (select 1 from pg_extension where extname = 'vector') as present`.execute(t.services.db);
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    if (installed.rows[0].present) expect(response.json()).toMatchObject({ status: 'ok', vector_search: 'pgvector' });
    else expect(response.json()).toMatchObject({ status: 'ok', vector_search: 'exact', vector_search_notice: EXACT_SEARCH_NOTICE });
    if (installed.rows[0].present) expect(response.json()).not.toHaveProperty('vector_search_notice');
  });

  it('says search compares exactly, and what to do, on a database without pgvector', async () => {
    const database = await createTestDatabase();
    await sql`drop extension if exists vector cascade`.execute(database.db);
    const t = await createTestApp({ database });
    apps.push(t);
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: database.kind, vector_search: 'exact', vector_search_notice: EXACT_SEARCH_NOTICE });
    expect(EXACT_SEARCH_NOTICE).toMatch(/search compares exactly/);
    expect(EXACT_SEARCH_NOTICE).toMatch(/Install the pgvector extension/);
  });
});
