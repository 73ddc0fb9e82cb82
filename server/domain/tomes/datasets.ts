import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { DatasetMetadata, DB } from '../../db/schema';
import { notFound } from '../errors';
import { requireOwnedDataset } from '../ownership';
import { guessMetadata, metadataOverrideSchema, metadataUpdateSchema, readMetadata } from './metadata';
import { parseTags } from '../../../contract/tomes';

export const createDatasetSchema = z.object({
  name: z.string({ error: 'Dataset name is required' }).trim().min(1, 'Dataset name is required').max(200, 'Dataset name is too long (200 characters at most)'),
  description: z.string().trim().max(5000, 'Description is too long (5000 characters at most)').optional().default(''),
  metadata: metadataOverrideSchema,
});

export interface Dataset {
  id: string;
  name: string;
  description: string;
  created_at: string;
  /** Documents that finished processing and can be searched. */
  document_count: number;
  total_tokens: number;
  metadata: DatasetMetadata;
}

/** Counts are read from the documents themselves, so they are right after every upload, edit and delete. */
function datasetsWithCounts(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('datasets as d')
    .leftJoin('documents as doc', (join) => join.onRef('doc.dataset_id', '=', 'd.id').on('doc.status', '=', 'ready'))
    .select([
      'd.id',
      'd.name',
      'd.description',
      'd.created_at',
      'd.metadata',
      sql<string>`count(doc.id)`.as('document_count'),
      sql<string>`coalesce(sum(doc.token_count), 0)`.as('total_tokens'),
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
  total_tokens: string | number;
};

function toDataset(row: DatasetRow): Dataset {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    created_at: row.created_at.toISOString(),
    document_count: Number(row.document_count),
    total_tokens: Number(row.total_tokens),
    metadata: readMetadata(row.metadata),
  };
}

export async function listDatasets(db: Kysely<DB>, userId: string): Promise<Dataset[]> {
  const rows = await datasetsWithCounts(db, userId).orderBy('d.created_at', 'asc').orderBy('d.id').execute();
  return rows.map(toDataset);
}

export async function getDataset(db: Kysely<DB>, userId: string, datasetId: string): Promise<Dataset> {
  await requireOwnedDataset(db, userId, datasetId);
  const row = await datasetsWithCounts(db, userId).where('d.id', '=', datasetId).executeTakeFirst();
  if (!row) throw notFound('Dataset');
  return toDataset(row);
}

export async function createDataset(db: Kysely<DB>, userId: string, input: z.input<typeof createDatasetSchema>): Promise<Dataset> {
  const { name, description, metadata: given } = createDatasetSchema.parse(input);
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
    .executeTakeFirstOrThrow();
  return toDataset({ ...row, document_count: 0, total_tokens: 0 });
}

export async function updateDatasetMetadata(
  db: Kysely<DB>,
  userId: string,
  datasetId: string,
  input: z.input<typeof metadataUpdateSchema>,
): Promise<Dataset> {
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

/** Deletes the tome with its documents, files, chunks, vectors, jobs and campaign links (cascades). */
export async function deleteDataset(db: Kysely<DB>, userId: string, datasetId: string): Promise<void> {
  await requireOwnedDataset(db, userId, datasetId);
  await db.deleteFrom('datasets').where('id', '=', datasetId).where('user_id', '=', userId).execute();
}
