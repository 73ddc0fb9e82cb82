import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexVectorsHandler } from '../../../jobs/index-vectors';
import { seedTome } from '../../../tests/support/seed-tome';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { INGEST_JOB_KIND } from '../tomes/jobs';
import { vectorBackendOf, vectorCandidates } from './vector-search';
import { indexPendingVectors, pendingVectorCount, tableForNewVectors } from './vector-index';

/** A unit vector of its own for each passage number, and a query near passage `near`. */
const vectorOf = (n: number) => {
  const v = Array.from({ length: 512 }, (_, i) => Math.sin(n * 7.3 + i * 0.37));
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
};

describe('vectors written beside the index (ADR 0244)', () => {
  let t: TestApp;
  let userId: string;
  let datasetId: string;
  let documentId: string;
  let next = 0;
  const model = 'offline-hash-v1';

  /** `count` passages whose vectors go where ingestion would put them. */
  async function addPassages(count: number): Promise<number[]> {
    const { db } = t.services;
    const chunks = await db
      .insertInto('chunks')
      .values(
        Array.from({ length: count }, () => {
          next += 1;
          return { document_id: documentId, dataset_id: datasetId, user_id: userId, ordinal: next, heading_path: '', content: `passage ${next}`, token_count: 2 };
        }),
      )
      .returning(['id', 'ordinal'])
      .execute();
    await db
      .insertInto(await tableForNewVectors(db))
      .values(chunks.map((c) => ({ chunk_id: c.id, model, embedding: `{${vectorOf(c.ordinal).join(',')}}` })))
      .execute();
    return chunks.map((c) => Number(c.id));
  }

  const nearest = (ordinal: number, limit = 10) =>
    vectorCandidates(t.services.db, { userId, datasetIds: [datasetId] }, vectorOf(ordinal), { model, limit, backend: 'pgvector' });
  const countIn = async (table: 'chunk_embeddings' | 'chunk_embeddings_pending') =>
    Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.services.db)).rows[0].n);
  const indexPresent = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from pg_indexes where indexname = 'chunk_embeddings_hnsw_idx'`.execute(t.services.db)).rows[0].n) === 1;

  let hasPgvector = false;

  beforeAll(async () => {
    t = await createTestApp();
    hasPgvector = (await vectorBackendOf(t.services.db)) === 'pgvector';
    userId = (await t.signUp()).userId;
    const tome = await seedTome(t.services, userId, { name: 'Index', documents: [{ filename: 'index.md', content: '' }] });
    datasetId = tome.datasetId;
    documentId = tome.documents[0].id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds a passage whose vector is not in the index yet, and still finds it once the index is built with it', async (context) => {
    // Without pgvector (Debian's PostgreSQL in CI) there is no index to write beside: the last case.
    if (!hasPgvector) context.skip();
    expect(await tableForNewVectors(t.services.db)).toBe('chunk_embeddings_pending');
    const ids = await addPassages(60);
    expect(await countIn('chunk_embeddings_pending')).toBe(60);
    // The query is passage 17's own vector: its passage comes first, compared exactly.
    expect((await nearest(17))[0]).toBe(ids[16]);

    // As many pending as indexed (none), and few: the index is built again over all of them.
    expect(await indexPendingVectors(t.services.db)).toEqual({ moved: 60, rebuilt: true });
    expect(await countIn('chunk_embeddings_pending')).toBe(0);
    expect(await countIn('chunk_embeddings')).toBe(60);
    expect(await indexPresent()).toBe(true);
    expect((await nearest(17))[0]).toBe(ids[16]);
    expect(await pendingVectorCount(t.services.db)).toBe(0);
  });

  it('never lists another user’s pending passage, however near', async (context) => {
    if (!hasPgvector) context.skip();
    const { db } = t.services;
    const other = (await t.signUp()).userId;
    const theirs = await seedTome(t.services, other, { name: 'Theirs', documents: [{ filename: 'theirs.md', content: '' }] });
    const [chunk] = await db
      .insertInto('chunks')
      .values({
        document_id: theirs.documents[0].id,
        dataset_id: theirs.datasetId,
        user_id: other,
        ordinal: 1,
        heading_path: '',
        content: 'their secret',
        token_count: 2,
      })
      .returning('id')
      .execute();
    await db
      .insertInto('chunk_embeddings_pending')
      .values({ chunk_id: chunk.id, model, embedding: `{${vectorOf(17).join(',')}}` })
      .execute();
    // The same vector as passage 17's: compared in their scope it comes first, in ours never.
    const ours = await nearest(17, 50);
    expect(ours).not.toContain(Number(chunk.id));
    const inTheirs = await vectorCandidates(db, { userId: other, datasetIds: [theirs.datasetId] }, vectorOf(17), { model, limit: 5, backend: 'pgvector' });
    expect(inTheirs[0]).toBe(Number(chunk.id));
    await db.deleteFrom('chunks').where('id', '=', chunk.id).execute();
  });

  it('adds fewer pending vectors than the index holds to it, and lists each passage once', async (context) => {
    // Without pgvector (Debian's PostgreSQL in CI) there is no index to write beside: the last case.
    if (!hasPgvector) context.skip();
    const ids = await addPassages(25);
    const before = await nearest(62, 30);
    expect(before[0]).toBe(ids[1]);
    expect(new Set(before).size).toBe(before.length);

    expect(await indexPendingVectors(t.services.db)).toEqual({ moved: 25, rebuilt: false });
    expect(await countIn('chunk_embeddings')).toBe(85);
    expect(await indexPresent()).toBe(true);
    const after = await nearest(62, 30);
    expect(after[0]).toBe(ids[1]);
    expect(new Set(after).size).toBe(after.length);
  });

  it('does not build the index again beyond its limit', async (context) => {
    // Without pgvector (Debian's PostgreSQL in CI) there is no index to write beside: the last case.
    if (!hasPgvector) context.skip();
    await addPassages(100);
    expect(await indexPendingVectors(t.services.db, { rebuildUpTo: 150 })).toEqual({ moved: 100, rebuilt: false });
    expect(await countIn('chunk_embeddings')).toBe(185);
  });

  it('removes a pending vector with its passage', async (context) => {
    // Without pgvector (Debian's PostgreSQL in CI) there is no index to write beside: the last case.
    if (!hasPgvector) context.skip();
    const ids = await addPassages(3);
    await t.services.db.deleteFrom('chunks').where('id', 'in', ids).execute();
    expect(await countIn('chunk_embeddings_pending')).toBe(0);
  });

  it('the job waits while a document is being processed, then moves the vectors in', async (context) => {
    // Without pgvector (Debian's PostgreSQL in CI) there is no index to write beside: the last case.
    if (!hasPgvector) context.skip();
    const { db } = t.services;
    await addPassages(5);
    const job = await db
      .insertInto('jobs')
      .values({ user_id: userId, kind: INGEST_JOB_KIND, document_id: documentId, status: 'embedding' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const attempt = { retryCount: 0, retryLimit: 5, signal: new AbortController().signal };
    const run = indexVectorsHandler.run(t.services, {}, attempt);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await countIn('chunk_embeddings_pending')).toBe(5);

    await db.updateTable('jobs').set({ status: 'completed' }).where('id', '=', job.id).execute();
    await run;
    expect(await countIn('chunk_embeddings_pending')).toBe(0);
    expect(await countIn('chunk_embeddings')).toBe(190);
  });

  it('without pgvector writes vectors where they are searched and has nothing to move', async () => {
    if (hasPgvector) {
      expect(await tableForNewVectors(t.services.db)).toBe('chunk_embeddings_pending');
      return;
    }
    expect(await tableForNewVectors(t.services.db)).toBe('chunk_embeddings');
    const ids = await addPassages(4);
    expect(await countIn('chunk_embeddings_pending')).toBe(0);
    expect(await indexPendingVectors(t.services.db)).toEqual({ moved: 0, rebuilt: false });
    const found = await vectorCandidates(t.services.db, { userId, datasetIds: [datasetId] }, vectorOf(next - 1), { model, limit: 4 });
    expect(found[0]).toBe(ids[2]);
  });
});
