import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTome, type SeededTome } from '../../../tests/support/seed-tome';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { fullTextCandidates } from './full-text';
import type { SearchScope } from './scope';
import { refreshSearchStatisticsIfStale, termStatistics } from './statistics';

const WORDS = ['owlbear', 'grapple', 'fireball', 'lantern', 'torch', 'river', 'dragon', 'ember', 'crown', 'shield'];

/** Paragraphs mixing the words unevenly, so each word is held by a different number of passages. */
function tomeText(seed: number, paragraphs: number): string {
  const lines = ['# Bestiary', ''];
  for (let p = 0; p < paragraphs; p += 1) {
    const words = WORDS.filter((_, w) => (p * (w + seed)) % (w + 2) === 0);
    lines.push(`## Entry ${p}`, '', `The ${words.join(' and the ')} of entry ${p} rest here by the road.`, '');
  }
  return lines.join('\n');
}

/** The same figures counted from the passages themselves. */
async function recount(t: TestApp, scope: SearchScope, terms: string[]) {
  const datasets = sql.join(scope.datasetIds.map((id) => sql`${id}::uuid`));
  const { rows } = await sql<{ n: string; tokens: string | null }>`select count(*) as n, sum(token_count) as tokens from chunks
    where user_id = ${scope.userId}::uuid and dataset_id in (${datasets})`.execute(t.services.db);
  const frequencies = new Map<string, number>();
  for (const term of terms) {
    const counted = await sql<{ n: string }>`select count(*) as n from chunks
      where user_id = ${scope.userId}::uuid and dataset_id in (${datasets}) and search_vector @@ ${`'${term}'`}::tsquery`.execute(t.services.db);
    if (Number(counted.rows[0].n) > 0) frequencies.set(term, Number(counted.rows[0].n));
  }
  return { passages: Number(rows[0].n), averageTokens: Math.max(1, Number(rows[0].tokens ?? 0) / Math.max(1, Number(rows[0].n))), frequencies };
}

describe('search term statistics', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let first: SeededTome;
  let second: SeededTome;
  const terms = ['owlbear', 'grappl', 'firebal', 'lantern', 'torch', 'river', 'dragon', 'ember', 'crown', 'shield', 'road', 'nowher'];

  beforeAll(async () => {
    t = await createTestApp();
    alice = (await t.signUp()).userId;
    bob = (await t.signUp()).userId;
    first = await seedTome(t.services, alice, {
      name: 'First',
      documents: [
        { filename: 'a.md', content: tomeText(1, 40) },
        { filename: 'b.md', content: tomeText(2, 25) },
      ],
    });
    second = await seedTome(t.services, alice, { name: 'Second', documents: [{ filename: 'c.md', content: tomeText(3, 30) }] });
    await seedTome(t.services, bob, { name: 'Bob', documents: [{ filename: 'd.md', content: tomeText(4, 50) }] });
  });
  afterAll(async () => {
    await t.close();
  });

  const expectMatchesRecount = async (scope: SearchScope) => {
    const kept = await termStatistics(t.services.db, scope, terms);
    const counted = await recount(t, scope, terms);
    expect(kept.passages).toBe(counted.passages);
    expect(kept.averageTokens).toBeCloseTo(counted.averageTokens, 6);
    expect(Object.fromEntries(kept.documentFrequency)).toEqual(Object.fromEntries(counted.frequencies));
    return kept;
  };

  it('are refreshed when a writer says it has just written many rows, before Postgres publishes its counts', async () => {
    await sql`analyze chunks, chunk_embeddings`.execute(t.services.db);
    expect(await refreshSearchStatisticsIfStale(t.services.db)).toBe(false);
    expect(await refreshSearchStatisticsIfStale(t.services.db, 10_000)).toBe(true);
  });

  it('are the counts of the passages in scope, per tome and over several', async () => {
    const one = await expectMatchesRecount({ userId: alice, datasetIds: [first.datasetId] });
    expect(one.passages).toBeGreaterThan(60);
    expect(new Set(one.documentFrequency.values()).size).toBeGreaterThan(3);
    await expectMatchesRecount({ userId: alice, datasetIds: [first.datasetId, second.datasetId] });
    // Another user's tome adds nothing, even when named.
    await expectMatchesRecount({
      userId: alice,
      datasetIds: [second.datasetId, (await t.services.db.selectFrom('datasets').select('id').where('user_id', '=', bob).executeTakeFirstOrThrow()).id],
    });
  });

  it('follow passages as they are changed, removed, and their document or tome deleted', async () => {
    const scope = { userId: alice, datasetIds: [first.datasetId, second.datasetId] };
    const [a] = first.documents;
    await t.services.db.updateTable('chunks').set({ gm_only: true }).where('document_id', '=', a.id).where('ordinal', '<', 10).execute();
    await t.services.db.updateTable('chunks').set({ content: 'An owlbear and a lantern.' }).where('id', '=', a.chunkIds[12]).execute();
    await expectMatchesRecount(scope);
    await t.services.db.deleteFrom('chunks').where('id', 'in', a.chunkIds.slice(20, 25)).execute();
    await expectMatchesRecount(scope);
    await t.services.db.deleteFrom('documents').where('id', '=', first.documents[1].id).execute();
    await expectMatchesRecount(scope);
    await t.services.db.deleteFrom('datasets').where('id', '=', second.datasetId).execute();
    await expectMatchesRecount(scope);
    const left = await sql<{ n: string }>`select count(*) as n from search_term_counts where dataset_id = ${second.datasetId}::uuid`.execute(t.services.db);
    expect(Number(left.rows[0].n)).toBe(0);
  });

  it('are counted within one document when the search is', async () => {
    const [document] = first.documents;
    const scope = { userId: alice, datasetIds: [first.datasetId], documentId: document.id };
    const kept = await termStatistics(t.services.db, scope, terms);
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from chunks where document_id = ${document.id}::uuid and search_vector @@ 'owlbear'::tsquery`.execute(t.services.db);
    expect(kept.documentFrequency.get('owlbear')).toBe(Number(rows[0].n));
    expect(kept.passages).toBe(
      Number((await sql<{ n: string }>`select count(*) as n from chunks where document_id = ${document.id}::uuid`.execute(t.services.db)).rows[0].n),
    );
  });

  it('weigh full-text candidates: the passage holding the rarer words first', async () => {
    const tome = await seedTome(t.services, alice, {
      name: 'Weights',
      documents: [
        {
          filename: 'w.md',
          content: [
            '# Notes',
            ...Array.from({ length: 30 }, (_, i) => `## Note ${i}\n\nThe dragon sleeps by the road, note ${i}.`),
            '## The hoard\n\nThe dragon guards a silver astrolabe.',
          ].join('\n\n'),
        },
      ],
    });
    const ids = await fullTextCandidates(t.services.db, { userId: alice, datasetIds: [tome.datasetId] }, 'Where is the dragon with the astrolabe?', 10);
    expect(ids[0]).toBe(tome.documents[0].chunkIds.at(-1));
  });
});
