/**
 * What server/db/schema.ts cannot read from the database's catalog, by table or table.column:
 * edit here, then `npm run db:schema`. A key naming no table or column fails schema.test.ts.
 */

/** A table's doc comment. */
export const tableDocs: Record<string, string> = {
  document_files: 'A stored original; its bytes are in document_file_parts (migration 084, ADR 0110).',
  document_text_parts: "A document's text in parts, one version per ingest (tomes/document-text.ts, migration 102, ADR 0190).",
  chunk_embeddings_pending: 'Vectors not yet in the HNSW index, searched exactly until moved into chunk_embeddings (migration 115).',
  chunk_vectors: "A view: every passage's vector, in the index or pending (migration 115).",
  search_passage_counts: 'Passages and tokens per tome, kept by a trigger on chunks (migration 083).',
  search_term_counts: 'Passages per tome holding each stemmed word, kept by a trigger on chunks (migration 083).',
  chunk_search_terms: "Each passage's stemmed words without positions, for scoring full-text candidates; kept by a trigger on chunks (migration 113).",
  player_notes: "A player's private note in a campaign: only its author reads it (migration 081).",
};

/** A column's TypeScript type where the catalog's is too wide (a JSON shape, the values a check allows) or reads otherwise. */
export const columnTypes: Record<string, string> = {
  'users.monthly_budget_usd': 'ColumnType<string | null, number | string | null | undefined, number | string | null>',
  'users.max_player_invites': 'ColumnType<number | null, number | null | undefined, number | null>',
  'sessions.last_seen_at': 'Timestamp',
  'login_failures.id': 'Generated<number>',
  'login_failures.failed_at': 'Timestamp',
  'datasets.metadata': 'Json<DatasetMetadata>',
  'documents.status': "Generated<'processing' | 'ready' | 'failed'>",
  'documents.updated_at': 'Timestamp',
  'documents.indexing_from': 'Generated<string | null>',
  'chunks.id': 'Generated<number>',
  'chunks.search_vector': 'ColumnType<string, never, never>',
  'chunk_embeddings.chunk_id': 'number',
  'chunk_embeddings.embedding': 'ColumnType<number[], Float32Array | number[] | string, Float32Array | number[] | string>',
  'chunk_embeddings_pending.chunk_id': 'number',
  'chunk_embeddings_pending.embedding': 'ColumnType<number[], Float32Array | number[] | string, Float32Array | number[] | string>',
  'campaign_record_vectors.embedding': 'ColumnType<number[], Float32Array | number[] | string, Float32Array | number[] | string>',
  'chunk_vectors.chunk_id': 'number',
  'chunk_vectors.model': 'string',
  'chunk_vectors.embedding': 'ColumnType<number[], Float32Array | number[] | string, Float32Array | number[] | string>',
  'search_passage_counts.tokens': 'ColumnType<string, number, number>',
  'chunk_search_terms.chunk_id': 'number',
  'jobs.updated_at': 'Timestamp',
  'jobs.status': "Generated<import('../../contract/tomes').JobStatus>",
  'campaigns.monthly_budget_usd': 'ColumnType<string | null, number | string | null | undefined, number | string | null>',
  'campaign_members.role': "Generated<'player'>",
  'player_notes.updated_at': 'Timestamp',
  'conversations.kind': "'campaign_chat' | 'document_chat' | 'content'",
  'conversations.audience': "Generated<'gm' | 'player'>",
  'conversations.updated_at': 'Timestamp',
  'messages.id': 'Generated<number>',
  'messages.role': "'user' | 'assistant'",
  'messages.citations': 'Json<StoredCitation[]>',
  'messages.cost_info': 'Json<{ total_cost: number; input_tokens: number; output_tokens: number } | null>',
  'usage_events.id': 'Generated<number>',
  'usage_events.cost_usd': 'ColumnType<string, number | string | undefined, number | string>',
  'timeline_events.participants': 'Json<string[]>',
  'timeline_events.tags': 'Json<string[]>',
  'timeline_events.updated_at': 'Timestamp',
  'campaign_calendars.source': 'ColumnType<unknown | null, string | null | undefined, string | null>',
  'campaign_calendars.updated_at': 'Timestamp',
  'timeline_proposals.participants': 'Json<string[]>',
  'timeline_proposals.status': "Generated<'pending' | 'accepted' | 'rejected'>",
  'concept_maps.settings': 'ColumnType<ConceptMapSettingsJson, string | undefined, string>',
  'concept_extractions.results': 'Json<unknown[]>',
  'concept_map_documents.processed_at': 'Timestamp',
  'concept_map_concepts.aliases': 'Json<string[]>',
};

/** A column's doc comment. */
export const columnDocs: Record<string, string> = {
  'users.max_player_invites': "The administrator's cap on this GM's open player invites (null: the default; migration 081).",
  'login_failures.client': 'The client address the attempt came from (the per-address throttle).',
  'documents.text_version': "Which version of document_text_parts is the document's text; null while it has none (migration 102).",
  'documents.may_hold_gm_blocks': 'A `:::gm` opening line somewhere in the text, worked out at ingest (migration 102).',
  'documents.content_hash': 'SHA-256 (hex) of the uploaded bytes: finds the same file uploaded twice to a tome.',
  'documents.passages_hash': 'md5 over the passages, stored when they are swapped in (ingest/passages-hash.ts); null without passages.',
  'documents.player_visible': 'Shown to the players of every campaign the tome is linked to (migration 080); default GM-only.',
  'documents.indexing_from':
    "Set while an ingest writes the document's new passages: those at or past it are the ingest's, not yet\ncounted in the search statistics nor read as the document's (swappedInChunk; migration 117, ADR 0253).",
  'document_files.document_id': 'Null while the upload is still being written, before its document exists.',
  'chunks.gm_only': 'Cut from a `:::gm` block: never retrieved, cited, shown or mapped for a player (migration 080).',
  'campaigns.user_id': 'The GM: the only user who owns the campaign; players are campaign_members rows.',
  'campaigns.monthly_budget_usd': "The campaign's monthly AI budget, players' use counted against it (migration 080).",
  'conversations.audience': "The view it was held in: a GM previewing as a player holds 'player' conversations.",
  'usage_events.campaign_id': 'The campaign the call was made for, when there was one (migration 080).',
  'timeline_events.event_day': "Days since 1970-01-01, proleptic Gregorian (migration 040); the campaign's calendar reads it.",
  'timeline_events.player_visible': "Shown to the campaign's players (migration 080); default GM-only.",
  'concept_extractions.results': 'ExtractionResult[] (server/domain/concept-map/extract/types.ts)',
};
