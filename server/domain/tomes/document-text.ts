import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import { textParts } from './text-parts';

/**
 * A document's text, stored in parts (document_text_parts, migration 102, ADR 0190). Written or
 * read as one value, a 50 MB text held the embedded database for over a second in one statement
 * (encoding, compressing and copying one huge value), and with it every other request. Here each
 * statement writes, reads or removes a few parts at most.
 *
 * Each ingest writes its text as a new version; the transaction that swaps its passages in
 * points documents.text_version at it, and the previous versions are removed afterwards. This
 * module is the one way to read or write a document's text.
 */

/** Parts read or removed per statement: about 1 MB of text. */
const PARTS_PER_STATEMENT = 4;

/**
 * Writes a text, given in its parts (textParts), as a new version of the document's text, one
 * part per statement, and returns the version; the document still shows its current one until
 * it adopts this.
 */
export async function writeTextVersion(db: Kysely<DB>, documentId: string, parts: Iterable<string>): Promise<string> {
  const version = crypto.randomUUID();
  let part = 0;
  for (const text of parts) {
    await db.insertInto('document_text_parts').values({ version, part, document_id: documentId, text }).execute();
    part++;
  }
  return version;
}

/** Gives the document this text at once (outside ingestion: seeding a library, a test's fixture). */
export async function setDocumentText(db: Kysely<DB>, documentId: string, text: string): Promise<void> {
  const version = await writeTextVersion(db, documentId, textParts(text));
  await db.updateTable('documents').set({ text_version: version }).where('id', '=', documentId).execute();
  await removeOtherTextVersions(db, documentId);
}

/** Removes one version's parts (a version written and never adopted). */
export async function removeTextVersion(db: Kysely<DB>, version: string): Promise<void> {
  for (;;) {
    const removed = await db
      .deleteFrom('document_text_parts')
      .where('version', '=', version)
      .where('part', 'in', db.selectFrom('document_text_parts').select('part').where('version', '=', version).orderBy('part').limit(PARTS_PER_STATEMENT))
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) < PARTS_PER_STATEMENT) return;
  }
}

/** Removes every version of the document's text but the one it shows (all of them when it shows none). */
export async function removeOtherTextVersions(db: Kysely<DB>, documentId: string): Promise<void> {
  const stale = await db
    .selectFrom('document_text_parts as p')
    .select('p.version')
    .distinct()
    .where('p.document_id', '=', documentId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('documents as d').select('d.id').where('d.id', '=', documentId).whereRef('d.text_version', '=', 'p.version'))),
    )
    .execute();
  for (const { version } of stale) await removeTextVersion(db, version);
}

/** The document's whole text ('' when it has none). Read a few parts per statement; a text replaced meanwhile is read again. */
export async function readDocumentText(db: Kysely<DB>, documentId: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const first = await db
      .selectFrom('documents as d')
      .leftJoin('document_text_parts as p', (join) => join.onRef('p.version', '=', 'd.text_version').on('p.part', '<', PARTS_PER_STATEMENT))
      .select(['d.text_version', 'p.part', 'p.text'])
      .where('d.id', '=', documentId)
      .orderBy('p.part')
      .execute();
    const version = first[0]?.text_version;
    if (!version) return '';
    const parts = first.filter((row) => row.text !== null).map((row) => row.text as string);
    // One statement read it all: nothing can have changed in between.
    if (parts.length < PARTS_PER_STATEMENT) return parts.join('');
    for (let from = PARTS_PER_STATEMENT; ; from += PARTS_PER_STATEMENT) {
      const rows = await db
        .selectFrom('document_text_parts')
        .select('text')
        .where('version', '=', version)
        .where('part', '>=', from)
        .where('part', '<', from + PARTS_PER_STATEMENT)
        .orderBy('part')
        .execute();
      parts.push(...rows.map((row) => row.text));
      if (rows.length < PARTS_PER_STATEMENT) break;
    }
    // A version is only removed once the document points elsewhere: still pointed at, it was read whole.
    const still = await db.selectFrom('documents').select('text_version').where('id', '=', documentId).executeTakeFirst();
    if (still?.text_version === version || attempt >= 2) return still ? parts.join('') : '';
  }
}

/** The first `chars` characters (at most text-parts.ts's TEXT_PART_CHARS - 1) of the text of the documents row `alias`, as a column. */
export function textHead(alias: string, chars: number): RawBuilder<string | null> {
  return sql<string | null>`(select left(p.text, ${chars}) from document_text_parts p where p.version = ${sql.ref(`${alias}.text_version`)} and p.part = 0)`;
}
