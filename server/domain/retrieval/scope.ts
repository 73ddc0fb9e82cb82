import { sql, type RawBuilder } from 'kysely';
import type { Audience } from '../ownership';

/**
 * What a search may read: the GM's chunks in the given datasets (which the caller reads from
 * the campaign's links at query time), optionally one document only. For the audience
 * 'player' only passages players may see: of documents the GM made visible, and not cut from a
 * `:::gm` block. The filter is part of the condition every candidate query starts from, so
 * hidden passages are never candidates (nor counted in the term statistics that rank them).
 */
export interface SearchScope {
  /** The owner of the chunks: the campaign's GM. */
  userId: string;
  datasetIds: string[];
  documentId?: string;
  /** Who reads the results; 'gm' when left out. */
  audience?: Audience;
}

/**
 * The scope as a condition over `chunks as c`. An empty dataset list matches nothing.
 * `tomeIndex: false` tests the tomes on each row instead of through their index
 * (chunks_dataset_id_idx), for a query whose rows another index selects: when the scope holds
 * most of the database's passages, a bitmap of the whole scope costs more than the test (ADR 0208).
 */
export function scopeCondition(scope: SearchScope, options: { tomeIndex?: boolean } = {}): RawBuilder<boolean> {
  if (scope.datasetIds.length === 0) return sql<boolean>`false`;
  const datasets = options.tomeIndex === false ? sql.join(scope.datasetIds.map((id) => sql`${id}::text`)) : sql.join(scope.datasetIds.map((id) => sql`${id}::uuid`));
  const tome = options.tomeIndex === false ? sql`c.dataset_id::text` : sql`c.dataset_id`;
  const document = scope.documentId ? sql` and c.document_id = ${scope.documentId}::uuid` : sql``;
  const players = scope.audience === 'player' ? sql` and ${playerVisibleChunk}` : sql``;
  return sql<boolean>`(c.user_id = ${scope.userId}::uuid and ${tome} in (${datasets})${document}${players})`;
}

/** A chunk (`chunks as c`) a player may read: not from a GM block, of a document the GM shows. */
export const playerVisibleChunk = sql<boolean>`(not c.gm_only and exists (select 1 from documents pv where pv.id = c.document_id and pv.player_visible))`;

/**
 * A chunk (`chunks as c`) that is its document's: not one an ingest under way is writing, which
 * becomes the document's at the ingest's swap (migration 117, ADR 0253).
 */
export const swappedInChunk = sql<boolean>`passage_swapped_in(c.id, (select sd.indexing_from from documents sd where sd.id = c.document_id))`;
