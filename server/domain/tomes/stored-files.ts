import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Uploaded originals, stored in parts (ADR 0110). Each part is written and read by a statement
 * of its own, so a 50 MB upload never holds the embedded database (and every request waiting on
 * it) for longer than one part takes; the database layer lets other requests go first between
 * them (server/db/foreground.ts).
 */

/**
 * Bytes per stored part; recorded on each file (document_files.part_bytes), so readers never assume it.
 * 128 KiB keeps each statement near 100 ms on a loaded machine (512 KiB parts took up to 0.8 s).
 */
export const FILE_PART_BYTES = 128 * 1024;

/** An unattached file older than this is a failed or interrupted upload, removed by its owner's next upload. */
const UNATTACHED_GRACE = '1 hour';

/**
 * Writes an upload's bytes part by part, outside any transaction, and returns the new file's id.
 * The file belongs to no document until `attachStoredFile` runs in the upload's transaction; if
 * writing fails, what was written is removed.
 */
export async function storeFile(db: Kysely<DB>, userId: string, mimeType: string, bytes: Uint8Array): Promise<string> {
  await db
    .deleteFrom('document_files')
    .where('user_id', '=', userId)
    .where('document_id', 'is', null)
    .where('created_at', '<', sql<Date>`now() - ${UNATTACHED_GRACE}::interval`)
    .execute();
  const file = await db
    .insertInto('document_files')
    .values({ user_id: userId, document_id: null, mime_type: mimeType, size_bytes: bytes.length, part_bytes: FILE_PART_BYTES })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    for (let part = 0; part * FILE_PART_BYTES < bytes.length; part++) {
      await db
        .insertInto('document_file_parts')
        .values({ file_id: file.id, part, bytes: bytes.subarray(part * FILE_PART_BYTES, (part + 1) * FILE_PART_BYTES) })
        .execute();
    }
  } catch (error) {
    await removeStoredFile(db, file.id);
    throw error;
  }
  return file.id;
}

/**
 * Makes a stored file the document's original, in the caller's transaction; the document's
 * previous file, if any, goes with its parts.
 */
export async function attachStoredFile(trx: Kysely<DB>, fileId: string, documentId: string): Promise<void> {
  await trx.deleteFrom('document_files').where('document_id', '=', documentId).where('id', '<>', fileId).execute();
  const attached = await trx
    .updateTable('document_files')
    .set({ document_id: documentId })
    .where('id', '=', fileId)
    .where('document_id', 'is', null)
    .executeTakeFirst();
  if (Number(attached.numUpdatedRows) !== 1) throw new Error(`stored file ${fileId} is missing or already attached`);
}

/** Removes a file that was never attached (its upload was refused or failed). */
export async function removeStoredFile(db: Kysely<DB>, fileId: string): Promise<void> {
  await db.deleteFrom('document_files').where('id', '=', fileId).where('document_id', 'is', null).execute();
}

/**
 * Bytes [start, start + length) of a document's stored original, or undefined when the user has
 * no such document or it has no file. One statement per part touched, each reading only the
 * bytes wanted from it.
 */
export async function readDocumentFile(
  db: Kysely<DB>,
  userId: string,
  documentId: string,
  range?: { start: number; length: number },
): Promise<Uint8Array | undefined> {
  const file = await db
    .selectFrom('document_files as f')
    .innerJoin('documents as d', 'd.id', 'f.document_id')
    .select(['f.id', 'f.size_bytes', 'f.part_bytes'])
    .where('f.document_id', '=', documentId)
    .where('d.user_id', '=', userId)
    .executeTakeFirst();
  if (!file) return undefined;
  const start = Math.max(0, Math.min(range?.start ?? 0, file.size_bytes));
  const end = Math.min(file.size_bytes, range ? start + Math.max(0, range.length) : file.size_bytes);
  const out = new Uint8Array(end - start);
  const partBytes = file.part_bytes;
  for (let part = Math.floor(start / partBytes); part * partBytes < end; part++) {
    const from = Math.max(start, part * partBytes) - part * partBytes;
    const to = Math.min(end, (part + 1) * partBytes) - part * partBytes;
    const row = await db
      .selectFrom('document_file_parts')
      .select(sql<Uint8Array>`substring(bytes from ${from + 1} for ${to - from})`.as('bytes'))
      .where('file_id', '=', file.id)
      .where('part', '=', part)
      .executeTakeFirst();
    if (!row || row.bytes.length !== to - from) throw new Error(`stored file ${file.id} is missing bytes in part ${part}`);
    out.set(row.bytes, part * partBytes + from - start);
  }
  return out;
}

/**
 * A stored file's bytes part by part, one statement each (an export streams them out without
 * holding the file). The parts are checked to add up to the file's size.
 */
export async function* storedFileParts(db: Kysely<DB>, documentId: string): AsyncGenerator<Uint8Array> {
  const file = await db.selectFrom('document_files').select(['id', 'size_bytes', 'part_bytes']).where('document_id', '=', documentId).executeTakeFirst();
  if (!file) return;
  let read = 0;
  for (let part = 0; read < file.size_bytes; part++) {
    const row = await db.selectFrom('document_file_parts').select('bytes').where('file_id', '=', file.id).where('part', '=', part).executeTakeFirst();
    if (!row || row.bytes.length === 0) throw new Error(`stored file ${file.id} is missing bytes in part ${part}`);
    read += row.bytes.length;
    yield row.bytes;
  }
  if (read !== file.size_bytes) throw new Error(`stored file ${file.id} holds ${read} bytes, not ${file.size_bytes}`);
}
