import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTome } from '../../../tests/support/seed-tome';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createTome, multipart, uploadAndWait, waitForJob } from '../../../tests/support/tome-upload';
import { OfflineEmbedder } from '../../ai/offline-embedder';
import { fullTextCandidates } from './full-text';
import { searchPassages } from './search';

const text = (value: string) => new TextEncoder().encode(value);

/**
 * chunk_search_terms (migration 113, ADR 0208): the narrow rows full-text scoring reads must be
 * exactly the passages' words, for every passage and no other, whoever writes the passages.
 */
describe('the narrow scoring rows of the passages', () => {
  let t: TestApp;
  let gm: { token: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp({ workers: true });
    gm = await t.signUp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Each passage's row against its search_vector, recomputed: the same ids, the same words. */
  async function expectInStep() {
    const { rows } = await sql<{ chunks: string; rows: string; missing: string; differing: string }>`select
        (select count(*) from chunks) as chunks,
        (select count(*) from chunk_search_terms) as rows,
        (select count(*) from chunks c where not exists (select 1 from chunk_search_terms t where t.chunk_id = c.id)) as missing,
        (select count(*) from chunks c join chunk_search_terms t on t.chunk_id = c.id
          where t.terms <> strip(ts_filter(c.search_vector, '{a,b}')) or t.heading_terms <> strip(ts_filter(c.search_vector, '{b}'))
             or t.token_count <> c.token_count) as differing`.execute(t.services.db);
    const counts = Object.fromEntries(Object.entries(rows[0]).map(([key, value]) => [key, Number(value)]));
    expect(counts).toEqual({ chunks: counts.chunks, rows: counts.chunks, missing: 0, differing: 0 });
    return Number(rows[0].chunks);
  }
  const termsOf = async (documentId: string) =>
    (
      await sql<{ terms: string }>`select string_agg(t.terms::text, ' ') as terms from chunk_search_terms t join chunks c on c.id = t.chunk_id
        where c.document_id = ${documentId}::uuid`.execute(t.services.db)
    ).rows[0]?.terms ?? '';

  it('are written with the passages at ingestion, replaced on re-upload, removed with the document', async () => {
    const tome = await createTome(t, gm.token, 'Harbour');
    const first = await uploadAndWait(t, gm.token, tome, 'harbour.md', text('# Greywater\n\n## The Harbourmaster\n\nOld Maren keeps the lighthouse ledger.'));
    expect(first.job.status).toBe('completed');
    expect(await expectInStep()).toBeGreaterThan(0);
    expect(await termsOf(first.documentId)).toContain("'lighthous'");
    expect(await termsOf(first.documentId)).toContain("'harbourmast'");

    const replacement = await multipart({ file: { filename: 'harbour.md', bytes: text('# Greywater\n\nThe astrolabe was sold at the fish market.') } });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/datasets/${tome}/documents/${first.documentId}`,
      headers: { authorization: `Bearer ${gm.token}`, ...replacement.headers },
      payload: replacement.payload,
    });
    expect(put.statusCode).toBe(202);
    expect((await waitForJob(t, gm.token, put.json().job_id)).status).toBe('completed');
    await expectInStep();
    expect(await termsOf(first.documentId)).toContain("'astrolab'");
    expect(await termsOf(first.documentId)).not.toContain("'lighthous'");

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/datasets/${tome}/documents/${first.documentId}`,
      headers: { authorization: `Bearer ${gm.token}` },
    });
    expect(deleted.statusCode).toBe(200);
    await expectInStep();
    expect(await termsOf(first.documentId)).toBe('');
  });

  it('follow a passage changed in place and a tome deleted', async () => {
    const tome = await seedTome(t.services, gm.userId, {
      name: 'Edits',
      documents: [{ filename: 'e.md', content: '# Notes\n\nA lantern by the river.\n\nA crown in the river.' }],
    });
    await expectInStep();
    const [chunk] = tome.documents[0].chunkIds;
    await t.services.db.updateTable('chunks').set({ content: 'An owlbear guards the bridge.', heading_path: 'Notes > Bridge' }).where('id', '=', chunk).execute();
    expect(await expectInStep()).toBeGreaterThan(0);
    const row = await sql<{
      terms: string;
      heading_terms: string;
    }>`select terms::text, heading_terms::text from chunk_search_terms where chunk_id = ${chunk}`.execute(t.services.db);
    expect(row.rows[0].terms).toContain("'owlbear'");
    expect(row.rows[0].terms).not.toContain("'lantern'");
    expect(row.rows[0].heading_terms).toBe("'bridg' 'note'");
    await t.services.db.deleteFrom('datasets').where('id', '=', tome.datasetId).execute();
    await expectInStep();
  });

  it("score the heading's words apart: a passage under a heading naming the term ranks first", async () => {
    const tome = await seedTome(t.services, gm.userId, {
      name: 'Headings',
      documents: [
        {
          filename: 'h.md',
          content: [
            '# Bestiary\n\n## Crags\n\nA wyvern nests in the crags, they say.\n\n## Wyvern\n\nA winged beast of the crags.',
            ...Array.from({ length: 20 }, (_, i) => `## Beast ${i}\n\nA beast of the plains, number ${i}.`),
          ].join('\n\n'),
        },
      ],
    });
    const [inContent, underHeading] = tome.documents[0].chunkIds;
    const ids = await fullTextCandidates(t.services.db, { userId: gm.userId, datasetIds: [tome.datasetId] }, 'wyvern', 10);
    expect(ids).toEqual([underHeading, inContent]);
  });

  it("never bring a GM-only or hidden passage into a player's search, though its words are scored for the GM", async () => {
    const tome = await seedTome(t.services, gm.userId, {
      name: 'Secrets',
      documents: [
        { filename: 'shown.md', content: '# Shown\n\nThe quartermaster sells rope.\n\n:::gm\nThe quartermaster hides the zephyrite.\n:::' },
        { filename: 'hidden.md', content: '# Hidden\n\nThe zephyrite lies under the chapel.' },
      ],
    });
    const [shown, hidden] = tome.documents;
    await t.services.db.updateTable('documents').set({ player_visible: true }).where('id', '=', shown.id).execute();
    await t.services.db.updateTable('chunks').set({ gm_only: true }).where('document_id', '=', shown.id).where('content', 'like', '%zephyrite%').execute();
    await expectInStep();
    const scope = { userId: gm.userId, datasetIds: [tome.datasetId] };
    const forGm = await fullTextCandidates(t.services.db, scope, 'Where is the zephyrite?', 10);
    expect(forGm.length).toBe(2);
    expect(await fullTextCandidates(t.services.db, { ...scope, audience: 'player' }, 'Where is the zephyrite?', 10)).toEqual([]);
    const player = await searchPassages(t.services.db, {
      scope: { ...scope, audience: 'player' },
      query: 'Where is the zephyrite?',
      embedder: new OfflineEmbedder(),
    });
    expect(player.passages.map((p) => p.content).join(' ')).not.toContain('zephyrite');
    expect(player.passages.every((p) => p.documentId === shown.id)).toBe(true);
    expect(hidden.chunkIds.length).toBeGreaterThan(0);
  });

  it('keep to the scope when it holds most of the database and is tested row by row', async () => {
    const other = await t.signUp();
    const mine = await seedTome(t.services, gm.userId, {
      name: 'Mine',
      documents: [{ filename: 'm.md', content: Array.from({ length: 100 }, (_, i) => `# Part ${i}\n\nThe basilisk of part ${i} guards the gate.`).join('\n\n') }],
    });
    const unlinked = await seedTome(t.services, gm.userId, { name: 'Unlinked', documents: [{ filename: 'u.md', content: '# U\n\nA basilisk in another tome.' }] });
    const theirs = await seedTome(t.services, other.userId, { name: 'Theirs', documents: [{ filename: 't.md', content: '# T\n\nTheir basilisk sleeps.' }] });
    // The planner's count of passages, which says whether the scope holds most of the database.
    await sql`analyze chunks`.execute(t.services.db);
    const scope = { userId: gm.userId, datasetIds: [mine.datasetId, theirs.datasetId] };
    const found = await fullTextCandidates(t.services.db, scope, 'basilisk', 200);
    expect(found.sort((a, b) => a - b)).toEqual([...mine.documents[0].chunkIds].sort((a, b) => a - b));
    expect(found).not.toContain(unlinked.documents[0].chunkIds[0]);
    expect(found).not.toContain(theirs.documents[0].chunkIds[0]);
    // A player reads none of it: the GM has not shown the document.
    expect(await fullTextCandidates(t.services.db, { ...scope, audience: 'player' }, 'basilisk', 200)).toEqual([]);
  });
});
