import type { ColumnType } from 'kysely';

/** The TypeScript shapes server/db/schema.ts refers to: written by hand, since no catalog holds them. */

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Json<T> = ColumnType<T, string | undefined, string>;

/** A tome's metadata: its shape is the API's (contract/api/tomes.ts). */
export type { DatasetMetadata } from '../../contract/api/tomes';

export interface StoredCitation {
  source_id: string;
  filename: string;
  quote: string;
  document_id: string | null;
  dataset_id: string | null;
  page?: number | null;
}

/** 005_concept_map.sql */
export interface ConceptMapSettingsJson {
  show_labels: boolean;
  min_strength: number;
  layout: string;
}
