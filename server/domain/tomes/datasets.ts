import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { DatasetMetadata, DB } from '../../db/schema';
import { DomainError, notFound } from '../errors';
import { requireOwnedDataset } from '../ownership';
import { cursorColumns, inOrder, type Page, type PageRequest, readPage, type SortKey } from '../paging';
import { guessMetadata, readMetadata } from './metadata';
import { tomeUpdateSchema } from '../../../contract/tome-fields';
import { createDatasetSchema, type Dataset, metadataUpdateSchema } from '../../../contract/api/tomes';
import { duplicateTomeNameMessage, parseTags } from '../../../contract/tomes';

export type { Dataset } from '../../../contract/api/tomes';

/** Counts are read from the documents themselves, so they are right after every upload, edit and delete. */
function datasetsWithCounts(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('datasets as d')
    .leftJoin('documents as doc', 'doc.dataset_id', 'd.id')
    .select([
      'd.id',
      'd.name',
      'd.description',
      'd.created_at',
      'd.metadata',
      sql<string>`count(doc.id) filter (where doc.status = 'ready')`.as('document_count'),
      sql<string>`count(doc.id) filter (where doc.status = 'failed')`.as('failed_document_count'),
      sql<string>`coalesce(sum(doc.token_count) filter (where doc.status = 'ready'), 0)`.as('total_tokens'),
    ])
    .where('d.user_id', '=', userId)
    .groupBy('d.id');
}

/**
 * A jsonb value from a JSON text. The explicit text cast matters on a Postgres server:
 * postgres.js serialises a parameter it knows is jsonb with JSON.stringify, so a JSON string
 * sent as jsonb would be stored as one string instead of the object.
 */
const jsonb = (value: unknown) => sql<string>`${JSON.stringify(value)}::text::jsonb`;

type DatasetRow = {
  id: string;
  name: string;
  description: string;
  created_at: Date;
  metadata: unknown;
  document_count: string | number;
  failed_document_count: string | number;
  total_tokens: string | number;
};

function toDataset(row: DatasetRow): Dataset {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    created_at: row.created_at.toISOString(),
    document_count: Number(row.document_count),
    failed_document_count: Number(row.failed_document_count),
    total_tokens: Number(row.total_tokens),
    metadata: readMetadata(row.metadata),
  };
}

/** Oldest first: a new tome goes to the end of the list, and of its last page. */
const DATASET_ORDER: SortKey[] = [
  { ref: 'd.created_at', direction: 'asc', type: 'timestamptz' },
  { ref: 'd.id', direction: 'asc', type: 'uuid' },
];

export async function listDatasets(db: Kysely<DB>, userId: string): Promise<Dataset[]> {
  const rows = await inOrder(datasetsWithCounts(db, userId), DATASET_ORDER).execute();
  return rows.map(toDataset);
}

/** One page of listDatasets, in the same order. */
export async function listDatasetsPage(db: Kysely<DB>, userId: string, page: PageRequest): Promise<Page<Dataset>> {
  const { rows, next_cursor } = await readPage(datasetsWithCounts(db, userId).select(cursorColumns(DATASET_ORDER)), DATASET_ORDER, page);
  return { items: rows.map(toDataset), next_cursor };
}

export async function getDataset(db: Kysely<DB>, userId: string, datasetId: string): Promise<Dataset> {
  await requireOwnedDataset(db, userId, datasetId);
  const row = await datasetsWithCounts(db, userId).where('d.id', '=', datasetId).executeTakeFirst();
  if (!row) throw notFound('Dataset');
  return toDataset(row);
}

export async function createDataset(db: Kysely<DB>, userId: string, input: z.input<typeof createDatasetSchema>): Promise<Dataset> {
  const { name, description, metadata: given } = createDatasetSchema.parse(input);
  await refuseTakenName(db, userId, name);
  const metadata = guessMetadata(name, description);
  if (given) {
    const { tags, ...rest } = given;
    for (const [key, value] of Object.entries(rest)) {
      if (value !== undefined) (metadata as unknown as Record<string, unknown>)[key] = value;
    }
    if (tags !== undefined) metadata.tags = parseTags(tags);
  }
  const row = await db
    .insertInto('datasets')
    .values({ user_id: userId, name, description, metadata: jsonb(metadata) })
    .returning(['id', 'name', 'description', 'created_at', 'metadata'])
    .executeTakeFirstOrThrow()
    .catch(takenNameRace(name));
  return toDataset({ ...row, document_count: 0, failed_document_count: 0, total_tokens: 0 });
}

export async function updateDatasetMetadata(db: Kysely<DB>, userId: string, datasetId: string, input: z.input<typeof metadataUpdateSchema>): Promise<Dataset> {
  const dataset = await requireOwnedDataset(db, userId, datasetId);
  const update = metadataUpdateSchema.parse(input);
  const metadata: DatasetMetadata = {
    type: update.type,
    category: update.category,
    source: update.source,
    tags: update.tags,
    is_official_dnd: update.is_official_dnd,
    version: update.version ?? readMetadata(dataset.metadata).version,
  };
  await db
    .updateTable('datasets')
    .set({ metadata: jsonb(metadata) })
    .where('id', '=', datasetId)
    .where('user_id', '=', userId)
    .execute();
  return getDataset(db, userId, datasetId);
}

/** Renames a tome or edits its description (or both). */
export async function updateDataset(db: Kysely<DB>, userId: string, datasetId: string, input: z.input<typeof tomeUpdateSchema>): Promise<Dataset> {
  await requireOwnedDataset(db, userId, datasetId);
  const { name, description } = tomeUpdateSchema.parse(input);
  if (name !== undefined) await refuseTakenName(db, userId, name, datasetId);
  await db
    .updateTable('datasets')
    .set({ ...(name !== undefined && { name }), ...(description !== undefined && { description }) })
    .where('id', '=', datasetId)
    .where('user_id', '=', userId)
    .execute()
    .catch(takenNameRace(name ?? ''));
  return getDataset(db, userId, datasetId);
}

/** The Metadata modal's one save: name, description and metadata together, or nothing at all. */
export async function updateDatasetDetails(
  db: Kysely<DB>,
  userId: string,
  datasetId: string,
  input: { details: z.input<typeof tomeUpdateSchema>; metadata: z.input<typeof metadataUpdateSchema> },
): Promise<Dataset> {
  return db.transaction().execute(async (trx) => {
    await updateDataset(trx, userId, datasetId, input.details);
    return updateDatasetMetadata(trx, userId, datasetId, input.metadata);
  });
}

async function refuseTakenName(db: Kysely<DB>, userId: string, name: string, exceptId?: string) {
  let query = db.selectFrom('datasets').select('name').where('user_id', '=', userId).where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId) query = query.where('id', '<>', exceptId);
  const taken = await query.executeTakeFirst();
  if (taken) throw new DomainError(409, duplicateTomeNameMessage(taken.name));
}

/** Two requests racing past the check meet the unique index (migration 050): the same 409. */
function takenNameRace(name: string) {
  return (error: unknown): never => {
    if ((error as { code?: string } | null)?.code === '23505') throw new DomainError(409, duplicateTomeNameMessage(name));
    throw error;
  };
}

/** Deletes the tome with its documents, files, chunks, vectors, jobs and campaign links (cascades). */
export async function deleteDataset(db: Kysely<DB>, userId: string, datasetId: string): Promise<void> {
  await requireOwnedDataset(db, userId, datasetId);
  await db.deleteFrom('datasets').where('id', '=', datasetId).where('user_id', '=', userId).execute();
}
