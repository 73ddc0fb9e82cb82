import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface KnowledgeTome {
  id: string;
  name: string;
  description: string;
  document_count: number;
  total_tokens: number;
}

/** The caller's Knowledge Tomes with their document count and token total, for the Assistant and Campaigns screens. */
export async function listKnowledgeTomes(db: Kysely<DB>, userId: string): Promise<KnowledgeTome[]> {
  const rows = await db
    .selectFrom('datasets as ds')
    .leftJoin('documents as d', (join) => join.onRef('d.dataset_id', '=', 'ds.id').on('d.user_id', '=', userId))
    .select([
      'ds.id',
      'ds.name',
      'ds.description',
      sql<string>`count(d.id)`.as('document_count'),
      sql<string>`coalesce(sum(d.token_count), 0)`.as('total_tokens'),
    ])
    .where('ds.user_id', '=', userId)
    .groupBy(['ds.id', 'ds.name', 'ds.description', 'ds.created_at'])
    .orderBy('ds.created_at')
    .orderBy('ds.name')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    document_count: Number(row.document_count),
    total_tokens: Number(row.total_tokens),
  }));
}
