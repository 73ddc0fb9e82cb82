import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vectorBackendOf } from '../server/domain/retrieval';
import { pendingVectorCount } from '../server/domain/retrieval/vector-index';
import { createTestApp, type TestApp } from '../tests/support/test-app';
import { createTome, uploadAndWait } from '../tests/support/tome-upload';

/** One heading and a distinct paragraph per unit, so the chunker makes a passage of each. */
function bestiary(units: number): Uint8Array {
  const words = ['ember', 'crown', 'vael', 'abbess', 'chapel', 'tide', 'owlbear', 'goblin', 'lantern', 'warden'];
  const sections = Array.from({ length: units }, (_, i) => {
    const line = Array.from({ length: 60 }, (_, j) => `${words[(i * 7 + j) % words.length]}${(i + j) % 13}`).join(' ');
    return `## Creature ${i + 1}\n\n${line}.\n`;
  });
  return new TextEncoder().encode(`# Bestiary\n\n${sections.join('\n')}`);
}

describe('the ingest job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ workers: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('moves the vectors into the index and refreshes the search statistics when a large document is ready, before any search', async () => {
    const gm = await t.signUp();
    const tome = await createTome(t, gm.token, 'Bestiary');
    const { job, documentId } = await uploadAndWait(t, gm.token, tome, 'bestiary.md', bestiary(400));
    expect(job.status).toBe('completed');
    const written = await t.services.db
      .selectFrom('chunks')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('document_id', '=', documentId)
      .executeTakeFirstOrThrow();
    expect(Number(written.n)).toBeGreaterThan(300);

    // The job ends its document first; the vector job then moves its vectors into the index
    // (ADR 0244) and analyzes: wait for the planner to count the passages there.
    const planned = async () =>
      (await sql<{ n: number }>`select reltuples::float8 as n from pg_class where relname = 'chunk_embeddings'`.execute(t.services.db)).rows[0].n;
    const deadline = Date.now() + 30_000;
    while ((await planned()) < Number(written.n) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await planned()).toBeGreaterThanOrEqual(Number(written.n));
    if ((await vectorBackendOf(t.services.db)) === 'pgvector') expect(await pendingVectorCount(t.services.db)).toBe(0);
  }, 120_000);
});
