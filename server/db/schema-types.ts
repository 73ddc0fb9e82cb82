import type { ColumnType } from 'kysely';
import type { ChatCitation } from '../../contract/chat';

/** The TypeScript shapes server/db/schema.ts refers to: written by hand, since no catalog holds them. */

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Json<T> = ColumnType<T, string | undefined, string>;

/** A tome's metadata: its shape is the API's (contract/api/tomes.ts). */
export type { DatasetMetadata } from '../../contract/api/tomes';

/** A message's citation as stored: the quote's offsets are found again when it is shown. */
export type StoredCitation = Omit<ChatCitation, 'start' | 'end'>;

/** 005_concept_map.sql */
export interface ConceptMapSettingsJson {
  show_labels: boolean;
  min_strength: number;
  layout: string;
}
