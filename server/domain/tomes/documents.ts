import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { DB } from '../../db/schema';
import { setTimeout as aTurnOfTheEventLoop } from 'node:timers/promises';
import { sendInTransaction } from '../../queue';
import { QUEUES } from '../../queues';
import { badRequest, DomainError, notFound } from '../errors';
import { ExtractionError, validateUpload } from '../ingest/extract';
import { requireOwnedDataset, requireOwnedDocument } from '../ownership';
import { cursorColumns, inOrder, type Page, type PageRequest, readPage, type SortKey } from '../paging';
import { readDocumentText, textHead } from './document-text';
import { mimeTypeOf, safeFilename } from './files';
import { previewText } from './preview-text';
import { INGEST_JOB_KIND, QUEUED_MESSAGE } from './jobs';
import { attachStoredFile, readDocumentFile, removeStoredFile, storeFile } from './stored-files';
import { duplicateUploadMessage, type DuplicateChoice } from '../../../contract/tomes';
import type { DocumentDetail, DocumentSummary, UploadAccepted } from '../../../contract/api/tomes';

export const CONTENT_PREVIEW_LENGTH = 300;

export type { DocumentDetail, DocumentSummary, UploadAccepted } from '../../../contract/api/tomes';

/** A `:::gm` opening line somewhere in the text, noted at ingest (contract/gm-blocks.ts reads it exactly; this only spares reading every text). */
export const MAY_HOLD_GM_BLOCKS = sql<boolean>`(d.file_type in ('md', 'txt', 'log') and d.may_hold_gm_blocks)`;

/** An upload as the doors hand it over: the name the client sent and the bytes. */
export interface Upload {
  filename: string;
  bytes: Uint8Array;
}

export interface UploadDeps {
  /** What to do when the tome already holds a document with these exact bytes; unset: refuse with 409 and ask. */
  duplicate?: DuplicateChoice;
  queue: PgBoss;
  maxUploadBytes: number;
}

/** The first ~300 characters as words to read (previewText), whitespace folded, cut at a word where one is near. */
export function contentPreview(content: string, fileType = 'txt'): string {
  const text = previewText(content, fileType).replace(/\s+/g, ' ').trim();
  if (text.length <= CONTENT_PREVIEW_LENGTH) return text;
  const cut = text.slice(0, CONTENT_PREVIEW_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > CONTENT_PREVIEW_LENGTH - 40 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function documentsQuery(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('documents as d')
    .leftJoin('document_files as f', 'f.document_id', 'd.id')
    .select([
      'd.id',
      'd.dataset_id',
      'd.filename',
      'd.file_type',
      'd.token_count',
      'd.upload_date',
      'd.status',
      'd.error',
      'd.page_count',
      'd.player_visible',
      MAY_HOLD_GM_BLOCKS.as('has_gm_blocks'),
      sql<number>`coalesce(f.size_bytes, 0)`.as('size_bytes'),
      textHead('d', CONTENT_PREVIEW_LENGTH * 2).as('head'),
    ])
    .where('d.user_id', '=', userId);
}

type DocumentRow = Awaited<ReturnType<ReturnType<typeof documentsQuery>['executeTakeFirstOrThrow']>>;

function toSummary(row: DocumentRow): DocumentSummary {
  return {
    id: row.id,
    dataset_id: row.dataset_id,
    filename: row.filename,
    file_type: row.file_type,
    token_count: row.token_count,
    upload_date: row.upload_date.toISOString(),
    content_preview: contentPreview(row.head ?? '', row.file_type),
    status: row.status,
    error: row.error,
    page_count: row.page_count,
    size_bytes: Number(row.size_bytes),
    player_visible: row.player_visible,
    has_gm_blocks: row.has_gm_blocks === true,
  };
}

/** Newest first, then by name (one upload transaction gives its documents one time), then id. */
const DOCUMENT_ORDER: SortKey[] = [
  { ref: 'd.upload_date', direction: 'desc', type: 'timestamptz' },
  { ref: 'd.filename', direction: 'asc', type: 'text' },
  { ref: 'd.id', direction: 'asc', type: 'uuid' },
];

export async function listDocuments(db: Kysely<DB>, userId: string, datasetId: string): Promise<DocumentSummary[]> {
  await requireOwnedDataset(db, userId, datasetId);
  const rows = await inOrder(documentsQuery(db, userId).where('d.dataset_id', '=', datasetId), DOCUMENT_ORDER).execute();
  return rows.map(toSummary);
}

/** One page of listDocuments, in the same order. */
export async function listDocumentsPage(db: Kysely<DB>, userId: string, datasetId: string, page: PageRequest): Promise<Page<DocumentSummary>> {
  await requireOwnedDataset(db, userId, datasetId);
  const query = documentsQuery(db, userId).where('d.dataset_id', '=', datasetId).select(cursorColumns(DOCUMENT_ORDER));
  const { rows, next_cursor } = await readPage(query, DOCUMENT_ORDER, page);
  return { items: rows.map(toSummary), next_cursor };
}

export async function getDocument(db: Kysely<DB>, userId: string, datasetId: string, documentId: string): Promise<DocumentDetail> {
  await requireOwnedDocument(db, userId, datasetId, documentId);
  const row = await documentsQuery(db, userId).where('d.id', '=', documentId).executeTakeFirst();
  if (!row) throw notFound('Document');
  return { ...toSummary(row), content: await readDocumentText(db, documentId) };
}

export async function getDocumentContent(
  db: Kysely<DB>,
  userId: string,
  datasetId: string,
  documentId: string,
): Promise<{ id: string; filename: string; file_type: string; status: 'processing' | 'ready' | 'failed'; content: string }> {
  const document = await requireOwnedDocument(db, userId, datasetId, documentId);
  const content = await readDocumentText(db, documentId);
  return { id: document.id, filename: document.filename, file_type: document.file_type, status: document.status, content };
}

/**
 * Deletes the document; its file, vectors and jobs go with it (cascades). Its passages go first, while
 * the document still says which of them an ingest under way wrote (uncounted in the search statistics).
 */
export async function deleteDocument(db: Kysely<DB>, userId: string, datasetId: string, documentId: string): Promise<void> {
  await requireOwnedDocument(db, userId, datasetId, documentId);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('chunks').where('document_id', '=', documentId).where('user_id', '=', userId).execute();
    await trx.deleteFrom('documents').where('id', '=', documentId).where('user_id', '=', userId).execute();
  });
}

/** The upload checks (type, size, content) as a 4xx for the client; the name it will be stored under. */
export function checkUpload(upload: Upload, maxUploadBytes: number): { filename: string; fileType: string } {
  const filename = safeFilename(upload.filename);
  try {
    const fileType = validateUpload(upload.bytes, filename, { maxFileBytes: maxUploadBytes });
    return { filename, fileType };
  } catch (error) {
    if (error instanceof ExtractionError) throw new DomainError(uploadStatusOf(error), error.message);
    throw error;
  }
}

function uploadStatusOf(error: ExtractionError): 413 | 415 | 422 {
  if (error.code === 'too_large') return 413;
  if (error.code === 'unsupported_type') return 415;
  return 422;
}

/**
 * Accepts an upload into a tome: checks it, stores its bytes in parts (outside any transaction,
 * so a large file never holds the database), then creates the document with that file and its
 * processing job, and queues the job, in one short transaction. The job does the rest.
 */
export async function uploadDocument(db: Kysely<DB>, userId: string, datasetId: string, upload: Upload, deps: UploadDeps): Promise<UploadAccepted> {
  await requireOwnedDataset(db, userId, datasetId);
  const { filename, fileType } = checkUpload(upload, deps.maxUploadBytes);
  const contentHash = await hashOf(upload.bytes);
  if (deps.duplicate !== 'keep') {
    const same = await db
      .selectFrom('documents')
      .select(['id', 'filename'])
      .where('dataset_id', '=', datasetId)
      .where('content_hash', '=', contentHash)
      .where('status', '<>', 'failed')
      .orderBy('upload_date')
      .executeTakeFirst();
    if (same && deps.duplicate === 'replace') return replaceDocument(db, userId, datasetId, same.id, upload, { ...deps, duplicate: undefined });
    if (same) throw new DomainError(409, duplicateUploadMessage(filename, same.filename));
  }
  const fileId = await storeFile(db, userId, mimeTypeOf(fileType), upload.bytes);
  return withStoredFile(db, fileId, (db) =>
    db.transaction().execute(async (trx) => {
      const document = await trx
        .insertInto('documents')
        .values({ dataset_id: datasetId, user_id: userId, filename, file_type: fileType, status: 'processing', content_hash: contentHash, updated_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await attachStoredFile(trx, fileId, document.id);
      const jobId = await queueIngestion(trx, deps.queue, userId, document.id);
      return { job_id: jobId, document_id: document.id };
    }),
  );
}

/** Runs the transaction that attaches a stored file; if it fails, the file it would have attached is removed. */
async function withStoredFile<T>(db: Kysely<DB>, fileId: string, attach: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  try {
    return await attach(db);
  } catch (error) {
    await removeStoredFile(db, fileId).catch(() => undefined);
    throw error;
  }
}

/**
 * PUT: replaces a document's file (and so its text) and re-indexes it. The old passages stay
 * searchable until the new ones replace them in one step.
 */
export async function replaceDocument(
  db: Kysely<DB>,
  userId: string,
  datasetId: string,
  documentId: string,
  upload: Upload,
  deps: UploadDeps & { bodyDocumentId?: string },
): Promise<UploadAccepted> {
  await requireOwnedDocument(db, userId, datasetId, documentId);
  if (deps.bodyDocumentId && deps.bodyDocumentId !== documentId) {
    throw badRequest('document_id does not match the document in the address');
  }
  const { filename, fileType } = checkUpload(upload, deps.maxUploadBytes);
  const contentHash = await hashOf(upload.bytes);
  const fileId = await storeFile(db, userId, mimeTypeOf(fileType), upload.bytes);
  return withStoredFile(db, fileId, (db) =>
    db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('documents').select('id').where('id', '=', documentId).forUpdate().executeTakeFirst();
      if (!current) throw notFound('Document');
      await trx
        .updateTable('documents')
        .set({ filename, file_type: fileType, status: 'processing', error: null, content_hash: contentHash, updated_at: new Date() })
        .where('id', '=', documentId)
        .execute();
      await attachStoredFile(trx, fileId, documentId);
      // An earlier job still running for this document stops at its next step (see ingest-document).
      await trx
        .updateTable('jobs')
        .set({ status: 'failed', error: 'Replaced by a newer version of the document.', updated_at: new Date() })
        .where('document_id', '=', documentId)
        .where('status', 'not in', ['completed', 'failed'])
        .execute();
      const jobId = await queueIngestion(trx, deps.queue, userId, documentId);
      return { job_id: jobId, document_id: documentId };
    }),
  );
}

const HASH_SLICE_BYTES = 1024 * 1024;

/** SHA-256 of the upload, a slice at a time: hashed in one call, 50 MB kept the event loop for a noticeable pause. */
export async function hashOf(bytes: Uint8Array): Promise<string> {
  const hash = createHash('sha256');
  for (let start = 0; start < bytes.length; start += HASH_SLICE_BYTES) {
    if (start > 0) await aTurnOfTheEventLoop();
    hash.update(bytes.subarray(start, start + HASH_SLICE_BYTES));
  }
  return hash.digest('hex');
}

export async function queueIngestion(trx: Kysely<DB>, queue: PgBoss, userId: string, documentId: string): Promise<string> {
  const job = await trx
    .insertInto('jobs')
    .values({
      user_id: userId,
      kind: INGEST_JOB_KIND,
      document_id: documentId,
      status: 'queued',
      progress: 0,
      progress_message: QUEUED_MESSAGE,
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sendInTransaction(queue, trx, QUEUES.ingestDocument.name, { jobId: job.id, documentId, userId });
  return job.id;
}

export interface StoredFile {
  filename: string;
  fileType: string;
  size: number;
  updatedAt: Date;
}

/** The stored original's name, type and size (the bytes are read by range). */
export async function documentFile(db: Kysely<DB>, userId: string, datasetId: string, documentId: string): Promise<StoredFile> {
  const document = await requireOwnedDocument(db, userId, datasetId, documentId);
  const file = await db.selectFrom('document_files').select('size_bytes').where('document_id', '=', documentId).executeTakeFirst();
  if (!file) throw notFound('Document file');
  return { filename: document.filename, fileType: document.file_type, size: file.size_bytes, updatedAt: document.updated_at };
}

/** Bytes [start, start + length) of a stored original; only the parts holding them are read (stored-files.ts). */
export async function readFileBytes(db: Kysely<DB>, userId: string, documentId: string, start: number, length: number): Promise<Uint8Array> {
  const bytes = await readDocumentFile(db, userId, documentId, { start, length });
  if (!bytes) throw notFound('Document file');
  return bytes;
}
