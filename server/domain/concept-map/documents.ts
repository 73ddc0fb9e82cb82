import { sql, type Kysely } from 'kysely';
import { CONCEPT_MAP_MESSAGES } from '../../../contract/concept-map';
import type { DB } from '../../db/schema';
import { badRequest, notFound } from '../errors';
import { isUuid, linkedDatasetIds, requireOwnedCampaign } from '../ownership';
import { swappedInChunk } from '../retrieval/scope';
import { selectionSchema, type MapDocument, type SelectionInput } from '../../../contract/api/concept-map';

export { selectionBodySchema, selectionSchema, type MapDocument, type SelectionInput } from '../../../contract/api/concept-map';

export interface SelectedDocument {
  id: string;
  dataset_id: string;
  filename: string;
  /** Over the document's passages, stored at ingestion (documents.passages_hash): a changed document is read again. */
  content_hash: string;
  chunk_count: number;
}

export async function listMapDocuments(db: Kysely<DB>, userId: string, campaignId: string): Promise<MapDocument[]> {
  await requireOwnedCampaign(db, userId, campaignId);
  const datasetIds = await linkedDatasetIds(db, userId, campaignId);
  if (datasetIds.length === 0) return [];
  const rows = await db
    .selectFrom('documents')
    .innerJoin('datasets', 'datasets.id', 'documents.dataset_id')
    .leftJoin('concept_map_documents as processed', (join) => join.onRef('processed.document_id', '=', 'documents.id').on('processed.campaign_id', '=', campaignId))
    .select([
      'documents.id',
      'documents.dataset_id',
      'datasets.name as dataset_name',
      'documents.filename',
      'documents.status',
      'processed.content_hash as processed_hash',
      'documents.passages_hash',
    ])
    .where('documents.user_id', '=', userId)
    .where('documents.dataset_id', 'in', datasetIds)
    .orderBy('datasets.name')
    .orderBy('documents.filename')
    .execute();
  const counts = await chunkCounts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map(({ processed_hash, passages_hash, ...row }) => ({
    ...row,
    chunk_count: counts.get(row.id) ?? 0,
    processed: processed_hash !== null,
    outdated: processed_hash !== null && row.status === 'ready' && (passages_hash ?? EMPTY_HASH) !== processed_hash,
  }));
}

/**
 * The caller's selection, checked: each document must be the caller's, in the tome it names, that
 * tome linked to the campaign, and processed. Repeats are dropped.
 */
export async function resolveSelection(db: Kysely<DB>, userId: string, campaignId: string, input: SelectionInput): Promise<SelectedDocument[]> {
  const given = (input as { selected_documents?: unknown } | undefined)?.selected_documents;
  if (given === undefined || given === null || (Array.isArray(given) && given.length === 0)) {
    throw badRequest(CONCEPT_MAP_MESSAGES.noDocuments);
  }
  const { selected_documents } = selectionSchema.parse(input);
  await requireOwnedCampaign(db, userId, campaignId);
  const wanted = new Map<string, string>();
  for (const { id, dataset_id } of selected_documents) {
    if (!isUuid(id) || !isUuid(dataset_id)) throw notFound('Document');
    wanted.set(id, dataset_id);
  }
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'dataset_id', 'filename', 'status', 'passages_hash'])
    .where('user_id', '=', userId)
    .where('id', 'in', [...wanted.keys()])
    .execute();
  const found = new Map(rows.map((row) => [row.id, row]));
  const linked = new Set(await linkedDatasetIds(db, userId, campaignId));
  for (const [id, datasetId] of wanted) {
    const row = found.get(id);
    if (!row || row.dataset_id !== datasetId) throw notFound('Document');
    if (!linked.has(row.dataset_id)) {
      throw badRequest(`“${row.filename}” is in a Knowledge Tome that is not linked to this campaign. Link the tome first.`);
    }
    if (row.status === 'processing') throw badRequest(`“${row.filename}” is still being processed. Try again when it is ready.`);
    if (row.status === 'failed') throw badRequest(`“${row.filename}” could not be processed, so it has no text to analyze.`);
  }
  const counts = await chunkCounts(db, [...wanted.keys()]);
  return [...wanted.keys()].map((id) => {
    const row = found.get(id)!;
    return { id, dataset_id: row.dataset_id, filename: row.filename, content_hash: row.passages_hash ?? EMPTY_HASH, chunk_count: counts.get(id) ?? 0 };
  });
}

/** The hash of a document without passages. */
export const EMPTY_HASH = 'empty';

/**
 * How many passages each document has (counted from the index; the text is never read), not
 * those an ingest under way is writing (ADR 0253): they are counted apart and taken off, from
 * the few documents marked at a time, so the count stays an index-only scan.
 */
export async function chunkCounts(db: Kysely<DB>, documentIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (documentIds.length === 0) return counts;
  const rows = await db
    .selectFrom('chunks')
    .select(['document_id', sql<string>`count(*)`.as('chunks')])
    .where('document_id', 'in', documentIds)
    .groupBy('document_id')
    .execute();
  const beingWritten = await db
    .selectFrom('documents as d')
    .innerJoin('chunks as c', 'c.document_id', 'd.id')
    .select(['d.id', sql<string>`count(*)`.as('chunks')])
    .where('d.id', 'in', documentIds)
    .where('d.indexing_from', 'is not', null)
    .where(sql<boolean>`not passage_swapped_in(c.id, d.indexing_from)`)
    .groupBy('d.id')
    .execute();
  const notYet = new Map(beingWritten.map((row) => [row.id, Number(row.chunks)]));
  for (const row of rows) counts.set(row.document_id, Number(row.chunks) - (notYet.get(row.document_id) ?? 0));
  return counts;
}

export interface DocumentChunk {
  id: number;
  ordinal: number;
  heading_path: string;
  content: string;
  token_count: number;
  /** Cut from a `:::gm` block. */
  gm_only: boolean;
}

/** The document's passages, in order (not those an ingest under way is writing). */
export async function documentChunks(db: Kysely<DB>, documentId: string): Promise<DocumentChunk[]> {
  const rows = await db
    .selectFrom('chunks as c')
    .select(['c.id', 'c.ordinal', 'c.heading_path', 'c.content', 'c.token_count', 'c.gm_only'])
    .where('c.document_id', '=', documentId)
    .where(swappedInChunk)
    .orderBy('c.ordinal')
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** Which of the documents hold passages cut from `:::gm` blocks (read from the index). */
export async function documentsWithGmPassages(db: Kysely<DB>, documentIds: string[]): Promise<Set<string>> {
  if (documentIds.length === 0) return new Set();
  const rows = await db.selectFrom('chunks').select('document_id').distinct().where('document_id', 'in', documentIds).where('gm_only', '=', true).execute();
  return new Set(rows.map((row) => row.document_id));
}
