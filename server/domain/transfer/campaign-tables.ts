/**
 * What a campaign export holds, table by table: the one list the export writes, the import
 * reads, and campaign-tables.test.ts checks against the database, so a new table is either
 * exported here or named in LEFT_OUT with the reason (the test fails until it is).
 *
 * Each exported table's rows are read with `scope`, a condition on the table's alias `t` with
 * the campaign's id as :campaign and its GM as :gm. On import, `id` is given a new uuid, each
 * `refs` column is mapped to the new id of the row it pointed at (a row whose required
 * reference was not exported is dropped), `owner` columns become the importing user, and
 * `omit` columns are left to their defaults (what ingestion works out again).
 * Listed parents first: the import inserts in this order.
 */
export interface CampaignTable {
  table: string;
  scope: string;
  id?: string;
  refs?: Record<string, { table: string; optional?: boolean }>;
  owner?: string[];
  omit?: string[];
  /** Row order, so an archive is the same for the same campaign. */
  order: string;
}

const documentsOfCampaign = `select d.id from documents d join campaign_datasets cd on cd.dataset_id = d.dataset_id where cd.campaign_id = :campaign`;

export const CAMPAIGN_TABLES: CampaignTable[] = [
  { table: 'campaigns', scope: 't.id = :campaign', id: 'id', owner: ['user_id'], order: 't.id' },
  {
    table: 'datasets',
    scope: 't.id in (select dataset_id from campaign_datasets where campaign_id = :campaign)',
    id: 'id',
    owner: ['user_id'],
    order: 't.created_at, t.id',
  },
  {
    table: 'campaign_datasets',
    scope: 't.campaign_id = :campaign',
    refs: { campaign_id: { table: 'campaigns' }, dataset_id: { table: 'datasets' } },
    order: 't.linked_at, t.dataset_id',
  },
  {
    table: 'documents',
    scope: `t.id in (${documentsOfCampaign})`,
    id: 'id',
    refs: { dataset_id: { table: 'datasets' } },
    owner: ['user_id'],
    // Worked out again by the ingest job the import queues for every document.
    omit: ['status', 'error', 'text_version', 'may_hold_gm_blocks', 'token_count', 'page_count', 'passages_hash', 'indexing_from'],
    order: 't.upload_date, t.id',
  },
  // The bytes themselves are archive entries of their own (files/<document id>); these rows say whose they are.
  {
    table: 'document_files',
    scope: `t.document_id in (${documentsOfCampaign})`,
    refs: { document_id: { table: 'documents' } },
    owner: ['user_id'],
    omit: ['id', 'part_bytes'],
    order: 't.document_id',
  },
  { table: 'campaign_calendars', scope: 't.campaign_id = :campaign', refs: { campaign_id: { table: 'campaigns' } }, owner: ['user_id'], order: 't.campaign_id' },
  {
    table: 'timeline_events',
    scope: 't.campaign_id = :campaign',
    id: 'id',
    refs: { campaign_id: { table: 'campaigns' } },
    owner: ['user_id'],
    order: 't.event_day, t.id',
  },
  {
    table: 'timeline_event_documents',
    scope: 't.event_id in (select id from timeline_events where campaign_id = :campaign)',
    refs: { event_id: { table: 'timeline_events' }, document_id: { table: 'documents' } },
    order: 't.event_id, t.document_id',
  },
  {
    table: 'campaign_sessions',
    scope: 't.campaign_id = :campaign',
    id: 'id',
    refs: { campaign_id: { table: 'campaigns' } },
    order: 't.number, t.id',
  },
  // A proposal cites a document or a session's notes (the other column is null).
  {
    table: 'timeline_proposals',
    scope: 't.campaign_id = :campaign',
    id: 'id',
    refs: {
      campaign_id: { table: 'campaigns' },
      document_id: { table: 'documents' },
      session_id: { table: 'campaign_sessions' },
      event_id: { table: 'timeline_events', optional: true },
    },
    owner: ['user_id'],
    order: 't.created_at, t.id',
  },
  // The GM's own conversations: the campaign's, and document chats about its documents. Players' are theirs.
  {
    table: 'conversations',
    scope: `t.user_id = :gm and (t.campaign_id = :campaign or (t.campaign_id is null and t.document_id in (${documentsOfCampaign})))`,
    id: 'id',
    refs: { campaign_id: { table: 'campaigns', optional: true }, document_id: { table: 'documents', optional: true } },
    owner: ['user_id'],
    order: 't.created_at, t.id',
  },
  {
    table: 'messages',
    scope: `t.conversation_id in (select c.id from conversations c where c.user_id = :gm and (c.campaign_id = :campaign or (c.campaign_id is null and c.document_id in (${documentsOfCampaign}))))`,
    refs: { conversation_id: { table: 'conversations' } },
    omit: ['id'],
    order: 't.id',
  },
  {
    table: 'concept_maps',
    scope: 't.campaign_id = :campaign',
    refs: { campaign_id: { table: 'campaigns' } },
    owner: ['user_id'],
    omit: ['job_id'],
    order: 't.campaign_id',
  },
  {
    table: 'concept_extractions',
    scope: `t.document_id in (${documentsOfCampaign})`,
    refs: { document_id: { table: 'documents' } },
    order: 't.document_id, t.extractor',
  },
  {
    table: 'concept_map_documents',
    scope: 't.campaign_id = :campaign',
    refs: { campaign_id: { table: 'campaigns' }, document_id: { table: 'documents' } },
    order: 't.document_id, t.extractor',
  },
  {
    table: 'concept_map_concepts',
    scope: 't.campaign_id = :campaign',
    id: 'id',
    refs: { campaign_id: { table: 'campaigns' } },
    order: 't.key, t.id',
  },
  {
    table: 'concept_map_sources',
    scope: 't.concept_id in (select id from concept_map_concepts where campaign_id = :campaign)',
    refs: { concept_id: { table: 'concept_map_concepts' }, document_id: { table: 'documents' } },
    order: 't.concept_id, t.document_id, t.ordinal',
  },
  {
    table: 'concept_map_relationships',
    scope: 't.campaign_id = :campaign',
    id: 'id',
    refs: { campaign_id: { table: 'campaigns' }, source_id: { table: 'concept_map_concepts' }, target_id: { table: 'concept_map_concepts' } },
    order: 't.source_id, t.target_id, t.id',
  },
];

/** Tables a campaign export leaves out, and why. */
export const LEFT_OUT: Record<string, string> = {
  schema_migrations: 'the migration level is in the manifest',
  users: 'the import belongs to whoever imports it',
  sessions: 'sign-ins of this server',
  registration_codes: "this server's administration",
  login_failures: "this server's administration",
  password_reset_codes: "this server's administration",
  api_tokens: "personal API tokens are this server's sign-ins",
  campaign_members: "players' seats are accounts of this server; the GM invites players again",
  campaign_invites: "invite codes of this server's players",
  campaign_invite_revocations: "which of this server's invites a removed player may not use again",
  player_notes: "a player's private notes are theirs, not the GM's",
  usage_events: "this server's AI spending; the campaign's budget is exported with the campaign",
  jobs: 'the import queues its own ingest jobs',
  document_file_parts: 'the bytes are archive entries of their own (files/<document id>)',
  document_text_parts: 'extracted again from the original bytes',
  chunks: 'passages are made again from the original bytes (GM-only blocks are in them)',
  chunk_embeddings: 'made again with the passages',
  chunk_embeddings_pending: 'made again with the passages',
  chunk_search_terms: 'kept by a trigger on chunks',
  search_term_counts: 'kept by a trigger on chunks',
  search_passage_counts: 'kept by a trigger on chunks',
  campaign_record_vectors: "made again from the events and sessions at the first question, with the importing server's embedding model",
};
