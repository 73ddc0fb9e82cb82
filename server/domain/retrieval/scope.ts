import { sql, type RawBuilder } from 'kysely';

/**
 * What a search may read: the caller's own chunks in the given datasets (which the caller
 * reads from the campaign's links at query time), optionally one document only.
 */
export interface SearchScope {
  userId: string;
  datasetIds: string[];
  documentId?: string;
}

/** The scope as a condition over `chunks as c`. An empty dataset list matches nothing. */
export function scopeCondition(scope: SearchScope): RawBuilder<boolean> {
  if (scope.datasetIds.length === 0) return sql<boolean>`false`;
  const datasets = sql.join(scope.datasetIds.map((id) => sql`${id}::uuid`));
  const document = scope.documentId ? sql` and c.document_id = ${scope.documentId}::uuid` : sql``;
  return sql<boolean>`(c.user_id = ${scope.userId}::uuid and c.dataset_id in (${datasets})${document})`;
}
