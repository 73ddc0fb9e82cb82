import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createTome, uploadFile } from '../../../tests/support/tome-upload';
import { AiProviderError } from '../../ai/errors';
import { OfflineEmbedder } from '../../ai/offline-embedder';
import type { Embedder, EmbedResult } from '../../ai/types';
import { ingestDocument } from './ingest-document';
import { storePassagesHash } from './passages-hash';
import { readDocumentText, removeOtherTextVersions, writeTextVersion } from '../tomes/document-text';
import { TEXT_PART_CHARS, textParts } from '../tomes/text-parts';
import { getJobStatus } from '../tomes/jobs';
import { searchPassages } from '../retrieval';
import { chunkCounts, documentChunks } from '../concept-map/documents';
import { deleteDocument } from '../tomes/documents';
import { hasStaleVectors, reembedStaleChunks } from './reembed';

const text = (value: string) => new TextEncoder().encode(value);
const NOTES = '# Ember Crown\n\n## Ardent Vael\n\nArdent Vael keeps the crown.\n\n## Hollis Quenby\n\nHollis Quenby sells maps in the Drowned Chapel.';

/** An embedder that fails the first `failures` calls, then works (or never works). */
class FlakyEmbedder implements Embedder {
  readonly model = 'offline-hash-v1';
  readonly dimensions = 512 as const;
  calls = 0;
  private readonly inner = new OfflineEmbedder();
  constructor(
    private readonly failures: number,
    private readonly retryable = true,
  ) {}
  async embed(texts: string[]): Promise<EmbedResult> {
    this.calls++;
    if (this.calls <= this.failures) {
      throw new AiProviderError(
        this.retryable ? 'timeout' : 'auth',
        'voyage',
        this.retryable ? 'The embedding service did not answer in time. Try again in a minute.' : 'The embedding service rejected the API key (VOYAGE_API_KEY).',
      );
    }
    return this.inner.embed(texts, 'document');
  }
}

/** The queue is not worked in these tests: each test runs the job itself, as the worker would. */
describe('the document processing job', () => {
  let t: TestApp;
  let gm: { token: string; userId: string };
  let tome: string;
  beforeAll(async () => {
    t = await createTestApp();
    gm = await t.signUp();
    tome = await createTome(t, gm.token, 'Jobs');
  });
  afterAll(async () => {
    await t.close();
  });

  async function queued(filename = 'notes.md', body = NOTES) {
    // These tests upload the same notes again and again: each is its own document.
    const response = await uploadFile(t, gm.token, tome, filename, text(body), { duplicate: 'keep' });
    expect(response.statusCode).toBe(202);
    const { job_id, document_id } = response.json() as { job_id: string; document_id: string };
    return { jobId: job_id, documentId: document_id };
  }
  const job = (id: string) => t.services.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const document = (id: string) => t.services.db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const textVersions = async (id: string) =>
    (await t.services.db.selectFrom('document_text_parts').select('version').distinct().where('document_id', '=', id).execute()).map((row) => row.version);
  const chunkCount = async (id: string) => (await t.services.db.selectFrom('chunks').select('id').where('document_id', '=', id).execute()).length;

  it('is queued with the upload, in the same transaction', async () => {
    const ref = await queued();
    expect(await job(ref.jobId)).toMatchObject({ status: 'queued', progress: 0, progress_message: 'Waiting in the queue to be processed' });
    expect((await document(ref.documentId)).status).toBe('processing');
    const sent = await t.services.queue.findJobs('ingest-document', { data: { jobId: ref.jobId } });
    expect(sent).toHaveLength(1);
  });

  it('retries a passing failure of the embedding service, then completes', async () => {
    const ref = await queued();
    const embedder = new FlakyEmbedder(1);
    await expect(ingestDocument(t.services.db, gm.userId, ref, { embedder })).rejects.toThrow(/did not answer in time/);
    const interrupted = await job(ref.jobId);
    expect(interrupted.status).toBe('embedding');
    expect(interrupted.progress_message).toMatch(/^Interrupted by a temporary problem; trying again shortly/);
    expect(await chunkCount(ref.documentId)).toBe(0);

    expect(await ingestDocument(t.services.db, gm.userId, ref, { embedder })).toBe('completed');
    expect(await job(ref.jobId)).toMatchObject({ status: 'completed', progress: 100, error: null });
    expect((await document(ref.documentId)).status).toBe('ready');
  });

  it("says in the job's message what it skipped and what it cut", async () => {
    const blob = 'iVBORw0KGgoAAAANSUhEUg9+/'.repeat(400);
    const ref = await queued('map.md', `# Map\n\nThe vault lies north.\n\n![map](data:image/png;base64,${blob})\n\n${'x'.repeat(6_000)}\n`);
    expect(await ingestDocument(t.services.db, gm.userId, ref, { embedder: new OfflineEmbedder(), isLastAttempt: true })).toBe('completed');
    const done = await job(ref.jobId);
    expect(done.progress_message).toMatch(
      /^Ready: \d+ passages?, [\d,]+ tokens\. Skipped 1 embedded base64 blob \(10 KB\): not readable text\. Cut 1 unbroken run of text longer than 1,000 characters \(the longest 6,000\) into passages\.$/,
    );
    expect(await readDocumentText(t.services.db, ref.documentId)).toContain('(data:image/png;base64,[skipped: 10 KB of base64 data])');
  });

  it('fails the document with the reason once the last attempt fails, leaving nothing half-made', async () => {
    const ref = await queued();
    const embedder = new FlakyEmbedder(Number.POSITIVE_INFINITY);
    await expect(ingestDocument(t.services.db, gm.userId, ref, { embedder })).rejects.toThrow();
    expect(await ingestDocument(t.services.db, gm.userId, ref, { embedder, isLastAttempt: true })).toBe('failed');
    expect(await job(ref.jobId)).toMatchObject({ status: 'failed', error: 'The embedding service did not answer in time. Try again in a minute.' });
    expect(await document(ref.documentId)).toMatchObject({
      status: 'failed',
      error: 'The embedding service did not answer in time. Try again in a minute.',
      text_version: null,
      token_count: 0,
    });
    expect(await readDocumentText(t.services.db, ref.documentId)).toBe('');
    expect(await textVersions(ref.documentId)).toEqual([]);
    expect(await chunkCount(ref.documentId)).toBe(0);
    // A late duplicate delivery changes nothing.
    expect(await ingestDocument(t.services.db, gm.userId, ref, { embedder: new OfflineEmbedder() })).toBe('skipped');
    expect((await document(ref.documentId)).status).toBe('failed');
  });

  it('fails at once on a problem that retrying cannot fix', async () => {
    const ref = await queued();
    const embedder = new FlakyEmbedder(1, false);
    expect(await ingestDocument(t.services.db, gm.userId, ref, { embedder })).toBe('failed');
    expect((await job(ref.jobId)).error).toMatch(/rejected the API key/);
  });

  it('is safe to run twice: the second run replaces the passages instead of adding to them', async () => {
    const ref = await queued();
    const deps = { embedder: new OfflineEmbedder() };
    expect(await ingestDocument(t.services.db, gm.userId, ref, deps)).toBe('completed');
    const first = await chunkCount(ref.documentId);
    expect(first).toBeGreaterThan(0);
    expect(await ingestDocument(t.services.db, gm.userId, ref, deps)).toBe('skipped');
    // Even when a run is forced again (a queue redelivery after a crash), the index is rebuilt, not doubled.
    await t.services.db.updateTable('jobs').set({ status: 'indexing' }).where('id', '=', ref.jobId).execute();
    expect(await ingestDocument(t.services.db, gm.userId, ref, deps)).toBe('completed');
    expect(await chunkCount(ref.documentId)).toBe(first);
    // The text too: one version, the one the document shows.
    const shown = (await document(ref.documentId)).text_version;
    expect(await textVersions(ref.documentId)).toEqual([shown]);
    expect(await readDocumentText(t.services.db, ref.documentId)).toBe(NOTES);
  });

  it('stores the built-in embedder’s vectors, made in the reading process, exactly as an embedder called here would have', async () => {
    // Beside the vector index or in it (a server without pgvector has no index to wait for).
    const embeddingsOf = async (documentId: string) => {
      const rows = [];
      for (const table of ['chunk_embeddings', 'chunk_embeddings_pending'] as const) {
        rows.push(
          ...(await t.services.db
            .selectFrom('chunks as c')
            .innerJoin(`${table} as e`, 'e.chunk_id', 'c.id')
            .select(['c.ordinal', 'e.embedding'])
            .where('c.document_id', '=', documentId)
            .execute()),
        );
      }
      return rows.sort((a, b) => a.ordinal - b.ordinal).map((row) => ({ ordinal: row.ordinal, embedding: row.embedding }));
    };
    const usedTokens = async () =>
      (await t.services.db.selectFrom('usage_events').select('embedding_tokens').where('user_id', '=', gm.userId).orderBy('id', 'desc').executeTakeFirstOrThrow())
        .embedding_tokens;
    // Enough passages for several batches of each kind of statement.
    const body = Array.from(
      { length: 80 },
      (_, i) => `## Hold ${i}\n\nThe ${i % 2 ? 'lich' : 'dragon'} keeps hoard ${i} under the ${i % 3 ? 'keep' : 'marsh'}.`,
    ).join('\n\n');
    const inReader = await queued('in-reader.md', body);
    expect(await ingestDocument(t.services.db, gm.userId, inReader, { embedder: new OfflineEmbedder() })).toBe('completed');
    const readerTokens = await usedTokens();
    const calledHere = await queued('called-here.md', body);
    const embedder = new FlakyEmbedder(0);
    expect(await ingestDocument(t.services.db, gm.userId, calledHere, { embedder })).toBe('completed');
    expect(embedder.calls).toBeGreaterThan(0);
    const stored = await embeddingsOf(inReader.documentId);
    expect(await chunkCount(inReader.documentId)).toBeGreaterThan(40);
    expect(stored.length).toBe(await chunkCount(inReader.documentId));
    expect(stored).toEqual(await embeddingsOf(calledHere.documentId));
    expect(readerTokens).toBeGreaterThan(0);
    expect(readerTokens).toBe(await usedTokens());
  });

  it('stores the passages’ fingerprint exactly as the database computes it', async () => {
    const ref = await queued('fingerprint.md', `${NOTES}\n\n## Ünïcode 🐉\n\nThe wyrm’s hoard: 🪙 and 💎.`);
    expect(await ingestDocument(t.services.db, gm.userId, ref, { embedder: new OfflineEmbedder() })).toBe('completed');
    const stored = (await document(ref.documentId)).passages_hash;
    await storePassagesHash(t.services.db, ref.documentId);
    expect(stored).toMatch(/^[0-9a-f]{32}$/);
    expect((await document(ref.documentId)).passages_hash).toBe(stored);
  });

  it('stores a long text in parts and reads it back unchanged, never splitting a character', async () => {
    const ref = await queued('staged.md');
    // A dragon (two UTF-16 units) straddles the first part boundary; enough parts for several reads.
    const long = `${'é'.repeat(TEXT_PART_CHARS - 1)}🐉${'ø'.repeat(500)}\n${'x'.repeat(TEXT_PART_CHARS * 5)}`;
    const version = await writeTextVersion(t.services.db, ref.documentId, textParts(long));
    const parts = await t.services.db.selectFrom('document_text_parts').select(['part', 'text']).where('version', '=', version).orderBy('part').execute();
    expect(parts.length).toBe(7);
    expect(parts[0].text.length).toBe(TEXT_PART_CHARS - 1);
    // Written, not yet the document's text.
    expect(await readDocumentText(t.services.db, ref.documentId)).toBe('');
    await t.services.db.updateTable('documents').set({ text_version: version }).where('id', '=', ref.documentId).execute();
    expect((await readDocumentText(t.services.db, ref.documentId)) === long).toBe(true);
    // Replaced: the previous version's parts go, the document reads the new one.
    const next = await writeTextVersion(t.services.db, ref.documentId, textParts('short'));
    await t.services.db.updateTable('documents').set({ text_version: next }).where('id', '=', ref.documentId).execute();
    await removeOtherTextVersions(t.services.db, ref.documentId);
    expect(await textVersions(ref.documentId)).toEqual([next]);
    expect(await readDocumentText(t.services.db, ref.documentId)).toBe('short');
  });

  describe('the search statistics of its passages (ADR 0253)', () => {
    // Forty sections: the passages are written in several batches.
    const BESTIARY = [
      '# Bestiary',
      ...Array.from(
        { length: 40 },
        (_, i) => `## Beast ${i}\n\nThe beast ${i} ${i % 3 === 0 ? 'guards the ember crown' : 'roams the drowned chapel'} near mile ${i}.`,
      ),
    ].join('\n\n');
    const db = () => t.services.db;

    /** The tome's kept statistics are the count of its passages, leaving out those an ingest under way wrote. */
    async function expectStatisticsAsCounted() {
      const live = sql`passage_swapped_in(c.id, d.indexing_from)`;
      const kept = await sql`select lexeme, gm_only, passages from search_term_counts where dataset_id = ${tome}::uuid order by lexeme, gm_only`.execute(db());
      const counted = await sql`select w.lexeme, c.gm_only, count(*)::int as passages
        from chunks c join documents d on d.id = c.document_id cross join lateral search_vector_words(c.search_vector) as w(lexeme)
        where c.dataset_id = ${tome}::uuid and ${live} group by w.lexeme, c.gm_only order by w.lexeme, c.gm_only`.execute(db());
      expect(kept.rows).toEqual(counted.rows);
      const keptPassages =
        await sql`select gm_only, passages, tokens::int as tokens from search_passage_counts where dataset_id = ${tome}::uuid and passages > 0 order by gm_only`.execute(
          db(),
        );
      const countedPassages = await sql`select c.gm_only, count(*)::int as passages, sum(c.token_count)::int as tokens
        from chunks c join documents d on d.id = c.document_id where c.dataset_id = ${tome}::uuid and ${live} group by c.gm_only order by c.gm_only`.execute(db());
      expect(keptPassages.rows).toEqual(countedPassages.rows);
    }

    /** Passages as an attempt that never finished leaves them: written while the document is marked, never swapped in. */
    async function leftOverPassages(documentId: string, count: number) {
      await db()
        .updateTable('documents')
        .set({ indexing_from: sql<string>`coalesce(indexing_from, nextval(pg_get_serial_sequence('chunks', 'id')))` })
        .where('id', '=', documentId)
        .execute();
      const owner = await document(documentId);
      await db()
        .insertInto('chunks')
        .values(
          Array.from({ length: count }, (_, i) => ({
            document_id: documentId,
            dataset_id: owner.dataset_id,
            user_id: owner.user_id,
            ordinal: i,
            content: `A half-written passage about the wyvern ${i}.`,
            token_count: 9,
          })),
        )
        .execute();
    }

    it('counts them once the document swaps to them, and not while an attempt that never finished left them', async () => {
      const ref = await queued('bestiary.md', BESTIARY);
      expect(await ingestDocument(t.services.db, gm.userId, ref, { embedder: new OfflineEmbedder() })).toBe('completed');
      expect(await chunkCount(ref.documentId)).toBeGreaterThan(30);
      expect((await document(ref.documentId)).indexing_from).toBeNull();
      await expectStatisticsAsCounted();

      // A crashed attempt of a re-run: its passages are left out of the counts (the wyvern is counted nowhere).
      await leftOverPassages(ref.documentId, 12);
      await expectStatisticsAsCounted();
      const wyvern = await sql`select 1 from search_term_counts where dataset_id = ${tome}::uuid and lexeme = 'wyvern'`.execute(db());
      expect(wyvern.rows).toEqual([]);

      // The queue delivers the job again: the swap removes the old passages and the left-over ones, and counts the new.
      await db().updateTable('jobs').set({ status: 'indexing' }).where('id', '=', ref.jobId).execute();
      expect(await ingestDocument(t.services.db, gm.userId, ref, { embedder: new OfflineEmbedder() })).toBe('completed');
      expect((await document(ref.documentId)).indexing_from).toBeNull();
      expect((await db().selectFrom('chunks').select('id').where('document_id', '=', ref.documentId).where('content', 'like', '%wyvern%').execute()).length).toBe(0);
      await expectStatisticsAsCounted();
    });

    it('are not searched nor read as the document’s until the swap either: a re-upload under way shows only the passages the document has', async () => {
      const ref = await queued('bestiary.md', BESTIARY);
      expect(await ingestDocument(t.services.db, gm.userId, ref, { embedder: new OfflineEmbedder() })).toBe('completed');
      const search = async (query: string) =>
        (await searchPassages(db(), { scope: { userId: gm.userId, datasetIds: [tome], documentId: ref.documentId }, query, embedder: new OfflineEmbedder() }))
          .passages;
      const own = (await documentChunks(db(), ref.documentId)).map((passage) => passage.id);
      await leftOverPassages(ref.documentId, 12);
      // The ingest's passages match word for word, yet only the document's own are found.
      expect(await search('Which wyvern is half-written?')).toSatisfy((found: Array<{ content: string }>) => found.every((p) => !p.content.includes('wyvern')));
      expect((await search('Which beast guards the ember crown?')).length).toBeGreaterThan(0);
      // Nor read as the document's passages (the concept map reads a document so).
      expect((await documentChunks(db(), ref.documentId)).map((passage) => passage.id)).toEqual(own);
      expect(await chunkCount(ref.documentId)).toBe(own.length + 12);
      // Nor counted as the document's (the concept map lists its documents with their passages).
      expect((await chunkCounts(db(), [ref.documentId])).get(ref.documentId)).toBe(own.length);
      await db().updateTable('jobs').set({ status: 'indexing' }).where('id', '=', ref.jobId).execute();
      expect(await ingestDocument(t.services.db, gm.userId, ref, { embedder: new OfflineEmbedder() })).toBe('completed');
    });

    it('stay the count when an ingest ends without its swap, and when a document is deleted while one runs', async () => {
      const ref = await queued('bestiary.md', BESTIARY);
      // The job is ended elsewhere (a newer upload) as the first passages are written: the ingest stops and takes them back.
      await sql
        .raw(`create function end_job_on_write() returns trigger language plpgsql as $$
          begin update jobs set status = 'failed' where id = '${ref.jobId}'; return null; end $$`)
        .execute(db());
      await sql`create trigger end_job_on_write after insert on chunks for each statement execute function end_job_on_write()`.execute(db());
      try {
        expect(await ingestDocument(t.services.db, gm.userId, ref, { embedder: new OfflineEmbedder() })).toBe('skipped');
      } finally {
        await sql`drop trigger end_job_on_write on chunks`.execute(db());
        await sql`drop function end_job_on_write()`.execute(db());
      }
      expect(await chunkCount(ref.documentId)).toBe(0);
      expect((await document(ref.documentId)).indexing_from).toBeNull();
      await expectStatisticsAsCounted();

      // Deleted while an attempt's passages are there, uncounted: the counts of the tome's other passages are kept whole.
      const other = await queued('other.md', BESTIARY);
      expect(await ingestDocument(t.services.db, gm.userId, other, { embedder: new OfflineEmbedder() })).toBe('completed');
      await leftOverPassages(other.documentId, 5);
      await deleteDocument(db(), gm.userId, tome, other.documentId);
      await expectStatisticsAsCounted();
      const crown = await sql<{
        passages: number;
      }>`select sum(passages)::int as passages from search_term_counts where dataset_id = ${tome}::uuid and lexeme = 'crown'`.execute(db());
      expect(crown.rows[0].passages).toBeGreaterThan(0);
    });
  });

  it('stops quietly when the document is deleted while it runs', async () => {
    const ref = await queued();
    await t.services.db.deleteFrom('documents').where('id', '=', ref.documentId).execute();
    expect(await ingestDocument(t.services.db, gm.userId, ref, { embedder: new OfflineEmbedder() })).toBe('skipped');
  });

  it('never changes a job by reading it: a quiet job is left to the queue (heartbeats, dead letters)', async () => {
    const ref = await queued();
    const longAgo = new Date(Date.now() - 24 * 3600_000);
    await t.services.db.updateTable('jobs').set({ status: 'embedding', updated_at: longAgo }).where('id', '=', ref.jobId).execute();
    expect((await getJobStatus(t.services.db, gm.userId, ref.jobId)).status).toBe('embedding');
    expect((await document(ref.documentId)).status).toBe('processing');
  });

  it("re-embeds passages another model made, and records the owner's usage", async () => {
    const ref = await queued('reembed.md');
    await ingestDocument(t.services.db, gm.userId, ref, { embedder: new OfflineEmbedder() });
    const newModel = new (class extends OfflineEmbedder {
      override readonly model = 'offline-hash-v2' as never;
    })();
    expect(await hasStaleVectors(t.services.db, newModel.model)).toBe(true);
    let rounds = 0;
    while ((await reembedStaleChunks(t.services.db, newModel, { limit: 3 })).remaining) rounds++;
    expect(rounds).toBeGreaterThan(0);
    expect(await hasStaleVectors(t.services.db, newModel.model)).toBe(false);
    const models = await t.services.db.selectFrom('chunk_vectors').select('model').distinct().execute();
    expect(models).toEqual([{ model: 'offline-hash-v2' }]);
    const usage = await t.services.db.selectFrom('usage_events').select('model').where('user_id', '=', gm.userId).where('model', '=', 'offline-hash-v2').execute();
    expect(usage.length).toBeGreaterThan(0);
  });
});
