import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the tables in db/migrations. Keep in step with the SQL. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface UsersTable {
  id: Generated<string>;
  username: string;
  email: string;
  password_hash: string;
  disabled: Generated<boolean>;
  monthly_budget_usd: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  /** The administrator's cap on this GM's open player invites (null: the default; migration 081). */
  max_player_invites: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Generated<Date>;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  created_at: Generated<Date>;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface RegistrationCodesTable {
  id: Generated<string>;
  code_hash: string;
  uses_left: number;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  note: Generated<string>;
  created_at: Generated<Date>;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  username_key: string;
  /** The client address the attempt came from (the per-address throttle). */
  client: Generated<string>;
  failed_at: Timestamp;
}

export interface DatasetMetadata {
  type: string;
  category: string;
  source: string;
  tags: string[];
  is_official_dnd: boolean;
  version: string;
}

export interface DatasetsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  description: Generated<string>;
  metadata: Json<DatasetMetadata>;
  created_at: Generated<Date>;
}

export interface DocumentsTable {
  id: Generated<string>;
  dataset_id: string;
  user_id: string;
  filename: string;
  file_type: string;
  status: Generated<'processing' | 'ready' | 'failed'>;
  error: string | null;
  /** Which version of document_text_parts is the document's text; null while it has none (migration 102). */
  text_version: string | null;
  /** A `:::gm` opening line somewhere in the text, worked out at ingest (migration 102). */
  may_hold_gm_blocks: Generated<boolean>;
  token_count: Generated<number>;
  page_count: number | null;
  /** SHA-256 (hex) of the uploaded bytes: finds the same file uploaded twice to a tome. */
  content_hash: string | null;
  upload_date: Generated<Date>;
  updated_at: Timestamp;
  /** md5 over the passages, stored when they are swapped in (ingest/passages-hash.ts); null without passages. */
  passages_hash: string | null;
  /** Shown to the players of every campaign the tome is linked to (migration 080); default GM-only. */
  player_visible: Generated<boolean>;
  /**
   * Set while an ingest writes the document's new passages: those at or past it are the ingest's, not yet
   * counted in the search statistics nor read as the document's (swappedInChunk; migration 117, ADR 0253).
   */
  indexing_from: Generated<string | null>;
}

/** A stored original; its bytes are in document_file_parts (migration 084, ADR 0110). */
export interface DocumentFilesTable {
  id: Generated<string>;
  /** Null while the upload is still being written, before its document exists. */
  document_id: string | null;
  user_id: string;
  mime_type: string;
  size_bytes: number;
  part_bytes: Generated<number>;
  created_at: Generated<Date>;
}

export interface DocumentFilePartsTable {
  file_id: string;
  part: number;
  bytes: Uint8Array;
}

/** A document's text in parts, one version per ingest (tomes/document-text.ts, migration 102, ADR 0190). */
export interface DocumentTextPartsTable {
  version: string;
  part: number;
  document_id: string;
  text: string;
}

export interface ChunksTable {
  id: Generated<number>;
  document_id: string;
  dataset_id: string;
  user_id: string;
  ordinal: number;
  heading_path: Generated<string>;
  page: number | null;
  content: string;
  token_count: number;
  search_vector: ColumnType<string, never, never>;
  /** Cut from a `:::gm` block: never retrieved, cited, shown or mapped for a player (migration 080). */
  gm_only: Generated<boolean>;
}

export interface ChunkEmbeddingsTable {
  chunk_id: number;
  model: string;
  embedding: ColumnType<number[], Float32Array | number[] | string, Float32Array | number[] | string>;
}

/** Vectors not yet in the HNSW index, searched exactly until moved into chunk_embeddings (migration 115). */
export type ChunkEmbeddingsPendingTable = ChunkEmbeddingsTable;
/** A view: every passage's vector, in the index or pending (migration 115). */
export type ChunkVectorsView = ChunkEmbeddingsTable;

/** Passages and tokens per tome, kept by a trigger on chunks (migration 083). */
export interface SearchPassageCountsTable {
  dataset_id: string;
  gm_only: boolean;
  user_id: string;
  passages: number;
  tokens: ColumnType<string, number, number>;
}

/** Each passage's stemmed words without positions, for scoring full-text candidates; kept by a trigger on chunks (migration 113). */
export interface ChunkSearchTermsTable {
  chunk_id: number;
  token_count: number;
  terms: string;
  heading_terms: string;
}

/** Passages per tome holding each stemmed word, kept by a trigger on chunks (migration 083). */
export interface SearchTermCountsTable {
  dataset_id: string;
  lexeme: string;
  gm_only: boolean;
  user_id: string;
  passages: number;
}

export interface JobsTable {
  id: Generated<string>;
  user_id: string;
  kind: string;
  document_id: string | null;
  status: Generated<string>;
  progress: Generated<number>;
  progress_message: Generated<string>;
  error: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface CampaignsTable {
  id: Generated<string>;
  /** The GM: the only user who owns the campaign; players are campaign_members rows. */
  user_id: string;
  name: string;
  description: Generated<string>;
  created_at: Generated<Date>;
  /** The campaign's monthly AI budget, players' use counted against it (migration 080). */
  monthly_budget_usd: ColumnType<string | null, number | string | null | undefined, number | string | null>;
}

export interface CampaignMembersTable {
  campaign_id: string;
  user_id: string;
  role: Generated<'player'>;
  invite_id: string | null;
  joined_at: Generated<Date>;
}

/** An invite that no longer admits one user: the GM removed them (migration 155). */
export interface CampaignInviteRevocationsTable {
  invite_id: string;
  user_id: string;
  revoked_at: Generated<Date>;
}

export interface CampaignInvitesTable {
  id: Generated<string>;
  campaign_id: string;
  created_by: string;
  code_hash: string;
  max_uses: number;
  uses: Generated<number>;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  note: Generated<string>;
  created_at: Generated<Date>;
}

/** A player's private note in a campaign: only its author reads it (migration 081). */
export interface PlayerNotesTable {
  id: Generated<string>;
  campaign_id: string;
  user_id: string;
  title: string;
  body: Generated<string>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface CampaignDatasetsTable {
  campaign_id: string;
  dataset_id: string;
  linked_at: Generated<Date>;
}

export interface ConversationsTable {
  id: Generated<string>;
  user_id: string;
  kind: 'campaign_chat' | 'document_chat' | 'content';
  campaign_id: string | null;
  document_id: string | null;
  /** The view it was held in: a GM previewing as a player holds 'player' conversations. */
  audience: Generated<'gm' | 'player'>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface StoredCitation {
  source_id: string;
  filename: string;
  quote: string;
  document_id: string | null;
  dataset_id: string | null;
  page?: number | null;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: string;
  role: 'user' | 'assistant';
  content: string;
  citations: Json<StoredCitation[]>;
  engine: string | null;
  tokens: Generated<number>;
  cost_info: Json<{ total_cost: number; input_tokens: number; output_tokens: number } | null>;
  created_at: Generated<Date>;
}

export interface UsageEventsTable {
  id: Generated<number>;
  user_id: string;
  feature: string;
  model: string;
  input_tokens: Generated<number>;
  output_tokens: Generated<number>;
  cache_read_tokens: Generated<number>;
  cache_write_tokens: Generated<number>;
  embedding_tokens: Generated<number>;
  cost_usd: ColumnType<string, number | string | undefined, number | string>;
  duration_ms: Generated<number>;
  created_at: Generated<Date>;
  /** The campaign the call was made for, when there was one (migration 080). */
  campaign_id: string | null;
}

export interface TimelineEventsTable {
  id: Generated<string>;
  campaign_id: string;
  user_id: string;
  title: string;
  description: Generated<string>;
  /** Days since 1970-01-01, proleptic Gregorian (migration 040); the campaign's calendar reads it. */
  event_day: number;
  event_type: string;
  location: Generated<string>;
  participants: Json<string[]>;
  tags: Json<string[]>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
  /** Shown to the campaign's players (migration 080); default GM-only. */
  player_visible: Generated<boolean>;
}

export interface CampaignCalendarsTable {
  campaign_id: string;
  user_id: string;
  definition: Json<unknown>;
  source: ColumnType<unknown | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
}

export interface TimelineProposalsTable {
  id: Generated<string>;
  campaign_id: string;
  user_id: string;
  document_id: string;
  fingerprint: string;
  title: string;
  description: Generated<string>;
  event_day: number;
  estimated: Generated<boolean>;
  event_type: string;
  location: Generated<string>;
  participants: Json<string[]>;
  quote: string;
  quote_start: number;
  quote_end: number;
  status: Generated<'pending' | 'accepted' | 'rejected'>;
  event_id: string | null;
  engine: string;
  created_at: Generated<Date>;
}

export interface TimelineEventDocumentsTable {
  event_id: string;
  document_id: string;
}

/** 005_concept_map.sql */
export interface ConceptMapSettingsJson {
  show_labels: boolean;
  min_strength: number;
  layout: string;
}

export interface ConceptMapsTable {
  campaign_id: string;
  user_id: string;
  settings: ColumnType<ConceptMapSettingsJson, string | undefined, string>;
  merged_document_count: Generated<number>;
  engine: string | null;
  job_id: string | null;
  last_updated: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Generated<Date>;
}

export interface ConceptExtractionsTable {
  document_id: string;
  extractor: string;
  content_hash: string;
  /** ExtractionResult[] (server/domain/concept-map/extract/types.ts) */
  results: Json<unknown[]>;
  input_tokens: Generated<number>;
  output_tokens: Generated<number>;
  extracted_at: Generated<Date>;
}

export interface ConceptMapDocumentsTable {
  campaign_id: string;
  document_id: string;
  extractor: string;
  content_hash: string;
  processed_at: Timestamp;
}

export interface ConceptMapConceptsTable {
  id: Generated<string>;
  campaign_id: string;
  key: string;
  name: string;
  type: string;
  description: Generated<string>;
  aliases: Json<string[]>;
  source_count: Generated<number>;
}

export interface ConceptMapSourcesTable {
  concept_id: string;
  document_id: string;
  ordinal: number;
  quote: string;
}

export interface ConceptMapRelationshipsTable {
  id: Generated<string>;
  campaign_id: string;
  source_id: string;
  target_id: string;
  relationship: string;
  strength: number;
  count: Generated<number>;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  registration_codes: RegistrationCodesTable;
  login_failures: LoginFailuresTable;
  datasets: DatasetsTable;
  documents: DocumentsTable;
  document_files: DocumentFilesTable;
  document_file_parts: DocumentFilePartsTable;
  document_text_parts: DocumentTextPartsTable;
  chunks: ChunksTable;
  chunk_embeddings: ChunkEmbeddingsTable;
  chunk_embeddings_pending: ChunkEmbeddingsPendingTable;
  chunk_vectors: ChunkVectorsView;
  search_passage_counts: SearchPassageCountsTable;
  search_term_counts: SearchTermCountsTable;
  chunk_search_terms: ChunkSearchTermsTable;
  jobs: JobsTable;
  campaigns: CampaignsTable;
  campaign_datasets: CampaignDatasetsTable;
  campaign_members: CampaignMembersTable;
  campaign_invites: CampaignInvitesTable;
  campaign_invite_revocations: CampaignInviteRevocationsTable;
  player_notes: PlayerNotesTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  usage_events: UsageEventsTable;
  timeline_events: TimelineEventsTable;
  timeline_event_documents: TimelineEventDocumentsTable;
  campaign_calendars: CampaignCalendarsTable;
  timeline_proposals: TimelineProposalsTable;
  concept_maps: ConceptMapsTable;
  concept_extractions: ConceptExtractionsTable;
  concept_map_documents: ConceptMapDocumentsTable;
  concept_map_concepts: ConceptMapConceptsTable;
  concept_map_sources: ConceptMapSourcesTable;
  concept_map_relationships: ConceptMapRelationshipsTable;
}
