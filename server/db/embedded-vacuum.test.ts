import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../tests/support/test-app';
import { createTome, uploadAndWait } from '../../tests/support/tome-upload';
import { startEmbeddedVacuum, vacuumTablesPastThreshold } from './embedded-vacuum';

const note = (i: number) =>
  new TextEncoder().encode(
    Array.from(
      { length: 60 },
      (_, p) =>
        `## Chapter ${i}.${p}\n\n${`The lighthouse keeper ${p} of isle ${i} counts the gulls, mends the nets, logs the tides and lights the lamp at dusk. `.repeat(8)}`,
    ).join('\n\n'),
  );

// On a Postgres server autovacuum does this (and counts dead rows a second later, which a test cannot wait for fairly).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the embedded database, vacuumed in the background', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ workers: true });
  });
  afterAll(async () => t?.close());

  const dead = async (table: string) =>
    (await sql<{ n: number }>`select coalesce(sum(n_dead_tup), 0)::int as n from pg_stat_user_tables where relname = ${table}`.execute(t.services.db)).rows[0].n;
  // Postgres publishes a backend's row counts at most once a second, as a statement ends.
  const deadOnceCounted = async (table: string) => {
    for (const deadline = Date.now() + 5_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
      const n = await dead(table);
      if (n > 0) return n;
    }
    return 0;
  };

  it("removes the rows a deleted tome leaves, past autovacuum's rule, and leaves the vector index's table alone", async () => {
    const gm = await t.signUp();
    const kept = await createTome(t, gm.token, 'Kept');
    await uploadAndWait(t, gm.token, kept, 'kept.md', note(0));
    const passagesBefore = Number(
      (
        await t.services.db
          .selectFrom('chunks')
          .select(({ fn }) => fn.countAll<number>().as('n'))
          .where('dataset_id', '=', kept)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(passagesBefore).toBeGreaterThan(20);
    const doomed = await createTome(t, gm.token, 'Doomed');
    for (let i = 1; i <= 3; i++) await uploadAndWait(t, gm.token, doomed, `isle-${i}.md`, note(i));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/datasets/${doomed}`, headers: bearer(gm.token) })).statusCode).toBe(200);
    expect(await deadOnceCounted('chunks')).toBeGreaterThan(150);

    const vacuumed = await vacuumTablesPastThreshold(t.services.db);
    expect(vacuumed).toContain('public.chunks');
    expect(vacuumed).toContain('public.chunk_search_terms');
    expect(vacuumed).not.toContain('public.chunk_embeddings');
    expect(await dead('chunks')).toBe(0);
    expect(await dead('chunk_search_terms')).toBe(0);
    // Once vacuumed, the passages are not vacuumed again at the next look.
    expect(await vacuumTablesPastThreshold(t.services.db)).not.toContain('public.chunks');

    // The kept tome's passages are all there.
    const keptPassages = await t.services.db
      .selectFrom('chunks')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('dataset_id', '=', kept)
      .executeTakeFirstOrThrow();
    expect(Number(keptPassages.n)).toBe(passagesBefore);
  });

  it('runs on its interval, and stop() waits for the run under way', async () => {
    const gm = await t.signUp();
    const tome = await createTome(t, gm.token, 'Again');
    for (let i = 9; i <= 11; i++) await uploadAndWait(t, gm.token, tome, `again-${i}.md`, note(i));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/datasets/${tome}`, headers: bearer(gm.token) })).statusCode).toBe(200);
    expect(await deadOnceCounted('chunks')).toBeGreaterThan(50);
    const vacuum = startEmbeddedVacuum(t.services.db, 50);
    await new Promise((resolve) => setTimeout(resolve, 120));
    await vacuum.stop();
    expect(await dead('chunks')).toBe(0);
  });
});
