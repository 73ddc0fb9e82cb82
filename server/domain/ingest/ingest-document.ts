import { type JobStatus, TERMINAL_JOB_STATUSES } from '../../../contract/tomes';
import { sql, type Kysely } from 'kysely';
import { costOf } from '../../ai/pricing';
import { AiProviderError } from '../../ai/errors';
import type { Embedder } from '../../ai/types';
import { OfflineEmbedder } from '../../ai/offline-embedder';
import type { DB } from '../../db/schema';
import { isDomainError } from '../errors';
import { failJob } from '../tomes/jobs';
import { readDocumentFile } from '../tomes/stored-files';
import { recordUsage } from '../usage/usage';
import { ExtractionError } from './extract';
import { forEachBatch } from '../../db/batch-size';
import { JobProgress } from './job-progress';
import { prepareOffThread } from './prepare/off-thread';
import { type OfflineEmbedding, offlineVectors, type PreparedDocument } from './prepare/prepare';
import { embeddingText, storedVector } from './vectors';
import { removeOtherTextVersions, removeTextVersion, writeTextVersion } from '../tomes/document-text';
import { log } from '../../log';
import { tableForNewVectors } from '../retrieval/vector-index';

export interface IngestDeps {
  embedder: Embedder;
  /**
   * True when the queue will not run this job again (pg-boss's retryCount has reached its
   * retryLimit): a passing failure then fails the document instead of waiting for a retry.
   */
  isLastAttempt?: boolean;
  /** The upload limit, so a file accepted at upload is never refused for size while processing. */
  maxFileBytes?: number;
  /** Threads that read a large PDF (PDF_READING_THREADS): 1 by default. */
  pdfReadingThreads?: 1 | 2;
  /** How long reading the file may take (DOCUMENT_READ_TIMEOUT_SECONDS); prepareOffThread's default otherwise. */
  readTimeoutMs?: number;
  /** Texts per embedding call; between calls the event loop is free for other requests. */
  embedBatchSize?: number;
  /**
   * Aborted when the queue stops (the server is closing) or loses the job: the reading process is
   * ended and the job stops between statements, leaving the document as it was for the retry.
   */
  signal?: AbortSignal;
}

export type IngestOutcome = 'completed' | 'failed' | 'skipped';

const TERMINAL: readonly JobStatus[] = TERMINAL_JOB_STATUSES;
const UNEXPECTED_MESSAGE = 'Processing failed because of an unexpected problem on our side. Upload the file again, or try a different format.';

/**
 * The processing job of one uploaded document: queued -> extracting -> chunking -> embedding ->
 * indexing -> completed, or failed with a reason the game master can act on.
 *
 * Safe to run twice: a job that already ended is skipped, and the index is written in one
 * transaction that first removes the document's previous passages. A problem that will not go
 * away (an unreadable file) fails at once; a passing one (the embedding service timing out) is
 * thrown back to the queue to retry, until the last attempt, which fails the document.
 */
export async function ingestDocument(db: Kysely<DB>, userId: string, ref: { jobId: string; documentId: string }, deps: IngestDeps): Promise<IngestOutcome> {
  const job = await db.selectFrom('jobs').select(['id', 'status']).where('id', '=', ref.jobId).where('user_id', '=', userId).executeTakeFirst();
  if (!job || TERMINAL.includes(job.status)) return 'skipped';

  const progress = new JobProgress(db, ref.jobId);
  try {
    const source = await db.selectFrom('documents').select('filename').where('id', '=', ref.documentId).where('user_id', '=', userId).executeTakeFirst();
    const bytes = source && (await readDocumentFile(db, userId, ref.documentId));
    if (!source || !bytes) {
      await failJob(db, ref.jobId, null, 'The document was deleted before it was processed.');
      return 'skipped';
    }

    await progress.report('extracting', 2, `Reading ${source.filename}`);
    const prepared = await prepareOffThread(bytes, source.filename, {
      maxFileBytes: deps.maxFileBytes,
      timeoutMs: deps.readTimeoutMs,
      onProgress: (page, pageCount) => {
        progress.report('extracting', 2 + (38 * page) / pageCount, `Extracting page ${page} of ${pageCount}`).catch(() => undefined);
      },
      onChunking: () => {
        progress.report('chunking', 42, 'Splitting the text into passages').catch(() => undefined);
      },
      onWaiting: () => {
        progress.report('extracting', 2, `Waiting to read ${source.filename}: another file is being read`).catch(() => undefined);
      },
      embedOffline: deps.embedder instanceof OfflineEmbedder,
      pdfReadingThreads: deps.pdfReadingThreads,
      signal: deps.signal,
    });
    if (progress.cancelled) return 'skipped';

    // Offline, the reading process is still making the vectors: the passages are written
    // meanwhile, and their vectors when they come. An embedding service embeds them first, its
    // progress shown, then they are written.
    const vectors = prepared.offlineEmbedding
      ? offlineVectorsOf(db, userId, prepared.offlineEmbedding, deps.embedder.model)
      : Promise.resolve(await embedChunks(db, userId, prepared, deps, progress));
    // Awaited by writeIndex, unless it stops first: a failure is then nobody's to hear.
    vectors.catch(() => undefined);
    if (progress.cancelled) return 'skipped';

    return await writeIndex(db, ref, prepared, vectors, deps.embedder.model, progress, deps.signal);
  } catch (error) {
    // Stopped by the queue (the server closing): nothing is recorded (the database is closing too); the job is retried.
    if (deps.signal?.aborted) throw error;
    if (progress.cancelled || !(await jobIsLive(db, ref.jobId))) return 'skipped';
    const { permanent, message } = classify(error);
    if (message === UNEXPECTED_MESSAGE) log().error({ err: error, jobId: ref.jobId }, 'ingest failed unexpectedly');
    if (permanent || deps.isLastAttempt) {
      await failJob(db, ref.jobId, ref.documentId, message);
      return 'failed';
    }
    await db
      .updateTable('jobs')
      .set({ progress_message: `Interrupted by a temporary problem; trying again shortly. (${message})`, updated_at: new Date() })
      .where('id', '=', ref.jobId)
      .where('status', 'not in', TERMINAL)
      .execute();
    throw error;
  }
}

/** False once the job ended elsewhere: replaced by a newer upload, or deleted with its document. */
async function jobIsLive(db: Kysely<DB>, jobId: string): Promise<boolean> {
  const job = await db.selectFrom('jobs').select('status').where('id', '=', jobId).executeTakeFirst();
  return job !== undefined && !TERMINAL.includes(job.status);
}

function classify(error: unknown): { permanent: boolean; message: string } {
  if (error instanceof ExtractionError) return { permanent: true, message: error.message };
  if (isDomainError(error)) return { permanent: true, message: error.message };
  if (error instanceof AiProviderError) return { permanent: !error.retryable, message: error.message };
  return { permanent: false, message: UNEXPECTED_MESSAGE };
}

async function embedChunks(db: Kysely<DB>, userId: string, prepared: PreparedDocument, deps: IngestDeps, progress: JobProgress): Promise<ArrayLike<number>[]> {
  const { embedder } = deps;
  const { chunks } = prepared;
  const batchSize = Math.max(1, deps.embedBatchSize ?? 32);
  const vectors: ArrayLike<number>[] = [];
  let tokens = 0;
  const started = Date.now();
  try {
    for (let start = 0; start < chunks.length; start += batchSize) {
      deps.signal?.throwIfAborted();
      await progress.report('embedding', 45 + (47 * start) / chunks.length, `Embedding passages: ${start} of ${chunks.length}`);
      if (progress.cancelled) return vectors;
      const batch = chunks.slice(start, start + batchSize);
      const result = await embedder.embed(batch.map(embeddingText), 'document');
      if (result.vectors.length !== batch.length) {
        throw new AiProviderError('bad_response', 'voyage', 'The embedding service answered with the wrong number of vectors.');
      }
      vectors.push(...result.vectors);
      tokens += result.tokens;
    }
    return vectors;
  } finally {
    await recordEmbeddingUsage(db, userId, embedder.model, tokens, started);
  }
}

/** An ingest's embedding tokens on its owner's usage, when there were any. */
async function recordEmbeddingUsage(db: Kysely<DB>, userId: string, model: string, tokens: number, startedAt: number): Promise<void> {
  if (tokens === 0) return;
  await recordUsage(db, { userId, feature: 'embedding', model, embeddingTokens: tokens, costUsd: costOf(model, { tokens }), durationMs: Date.now() - startedAt });
}

/** The vectors the reading process made with the offline embedder (asked for only when the embedder is the offline one), their usage recorded. */
async function offlineVectorsOf(db: Kysely<DB>, userId: string, embedding: Promise<OfflineEmbedding>, model: string): Promise<ArrayLike<number>[]> {
  const started = Date.now();
  const embedded = await embedding;
  await recordEmbeddingUsage(db, userId, model, embedded.tokens, started);
  return offlineVectors(embedded);
}

/**
 * Writes the new passages and vectors in batches sized so each statement stays short (other
 * requests keep being answered while a large document is indexed; see batch-size.ts), then swaps them in with
 * one short transaction: the previous version's passages go, the document points at its new
 * text (written in parts beforehand, tomes/document-text.ts) and the document and job complete
 * together; the previous text's parts are removed after. A run that ends any other way removes what it wrote, so a
 * document is never left with part of an index.
 */
async function writeIndex(
  db: Kysely<DB>,
  ref: { jobId: string; documentId: string },
  prepared: PreparedDocument,
  vectors: Promise<ArrayLike<number>[]>,
  model: string,
  progress: JobProgress,
  signal: AbortSignal | undefined,
): Promise<IngestOutcome> {
  const document = await db.selectFrom('documents').select(['id', 'dataset_id', 'user_id']).where('id', '=', ref.documentId).executeTakeFirst();
  if (!document) return 'skipped';

  const { chunks } = prepared;
  /** The passages written so far, with their place in the document (their vector's). */
  const written: Array<{ id: number; ordinal: number }> = [];
  let textVersion: string | null = null;
  let outcome: IngestOutcome = 'skipped';
  try {
    await markIndexing(db, document.id);
    // The passages first, then their vectors: offline, the reading process makes the vectors meanwhile.
    const passagesWritten = await forEachBatch(
      chunks,
      async (batch) => {
        const inserted = await db
          .insertInto('chunks')
          .values(
            batch.map((chunk) => ({
              document_id: document.id,
              dataset_id: document.dataset_id,
              user_id: document.user_id,
              ordinal: chunk.ordinal,
              heading_path: chunk.headingPath,
              page: chunk.page,
              content: chunk.content,
              token_count: chunk.tokenCount,
              gm_only: chunk.gmOnly,
            })),
          )
          .returning(['id', 'ordinal'])
          .execute();
        written.push(...inserted.map((row) => ({ id: Number(row.id), ordinal: row.ordinal })));
      },
      (start) => progressBetweenBatches(progress, signal, 93 + (4 * start) / chunks.length, `Indexing passages for search: ${start} of ${chunks.length}`),
    );
    if (!passagesWritten) return 'skipped';
    const vectorOf = await vectors;
    // Beside the vector index, moved into it by a background job (retrieval/vector-index.ts).
    const table = await tableForNewVectors(db);
    const vectorsWritten = await forEachBatch(
      written,
      (batch) =>
        db
          .insertInto(table)
          .values(batch.map(({ id, ordinal }) => ({ chunk_id: id, model, embedding: storedVector(vectorOf[ordinal]) })))
          .execute(),
      (start) => progressBetweenBatches(progress, signal, 97 + (2 * start) / written.length, `Indexing passages for search: ${chunks.length} of ${chunks.length}`),
    );
    if (!vectorsWritten) return 'skipped';

    textVersion = await writeTextVersion(db, ref.documentId, prepared.textParts());
    const firstNew = written.reduce((least, row) => Math.min(least, row.id), Number.POSITIVE_INFINITY);
    const { tokenCount } = prepared;
    outcome = await db.transaction().execute(async (trx) => {
      const job = await trx.selectFrom('jobs').select('status').where('id', '=', ref.jobId).forUpdate().executeTakeFirst();
      if (!job || TERMINAL.includes(job.status)) return 'skipped' as const;
      const current = await trx.selectFrom('documents').select('id').where('id', '=', ref.documentId).forUpdate().executeTakeFirst();
      if (!current) return 'skipped' as const;
      await trx.deleteFrom('chunks').where('document_id', '=', ref.documentId).where('id', '<', firstNew).execute();
      // The new passages counted in the search statistics, and made the document's (ADR 0253).
      await sql`select search_statistics_count_document(${ref.documentId}::uuid)`.execute(trx);
      await trx
        .updateTable('documents')
        .set({
          text_version: textVersion,
          may_hold_gm_blocks: prepared.mayHoldGmBlocks,
          passages_hash: prepared.passagesHash,
          token_count: tokenCount,
          page_count: prepared.pageCount ?? null,
          status: 'ready',
          error: null,
          updated_at: new Date(),
        })
        .where('id', '=', ref.documentId)
        .execute();
      await trx
        .updateTable('jobs')
        .set({
          status: 'completed',
          progress: 100,
          progress_message: [
            `Ready: ${chunks.length} ${chunks.length === 1 ? 'passage' : 'passages'}, ${tokenCount.toLocaleString('en-US')} tokens${prepared.notes.length ? '.' : ''}`,
            ...prepared.notes,
          ].join(' '),
          error: null,
          updated_at: new Date(),
        })
        .where('id', '=', ref.jobId)
        .execute();
      return 'completed' as const;
    });
    if (outcome === 'completed') await removeOtherTextVersions(db, ref.documentId);
    return outcome;
  } finally {
    if (outcome !== 'completed') {
      await removeChunks(
        db,
        written.map((row) => row.id),
      );
      await unmarkIndexing(db, document.id);
      if (textVersion) await removeTextVersion(db, textVersion);
    }
  }
}

/**
 * The passages written from here on are this ingest's until the swap: left out of the search
 * statistics, which count them once at the swap instead of batch by batch (ADR 0253). A mark an
 * interrupted attempt left is kept, so what it wrote stays uncounted until a swap removes it.
 */
async function markIndexing(db: Kysely<DB>, documentId: string): Promise<void> {
  await db
    .updateTable('documents')
    .set({ indexing_from: sql<string>`coalesce(indexing_from, nextval(pg_get_serial_sequence('chunks', 'id')))` })
    .where('id', '=', documentId)
    .execute();
}

/** An ingest that did not swap: the mark goes once no passage at or past it is left (another attempt's may be). */
async function unmarkIndexing(db: Kysely<DB>, documentId: string): Promise<void> {
  await db
    .updateTable('documents as d')
    .set({ indexing_from: null })
    .where('d.id', '=', documentId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('chunks as c').select('c.id').whereRef('c.document_id', '=', 'd.id').where(sql<boolean>`not passage_swapped_in(c.id, d.indexing_from)`)),
      ),
    )
    .execute();
}

/** Between two batches of the index: stopped by the queue, progress shown; false once the job was cancelled. */
async function progressBetweenBatches(progress: JobProgress, signal: AbortSignal | undefined, percent: number, message: string): Promise<boolean> {
  signal?.throwIfAborted();
  await progress.report('indexing', percent, message);
  return !progress.cancelled;
}

async function removeChunks(db: Kysely<DB>, ids: number[]): Promise<void> {
  for (let start = 0; start < ids.length; start += 1000) {
    await db
      .deleteFrom('chunks')
      .where('id', 'in', ids.slice(start, start + 1000))
      .execute();
  }
}
