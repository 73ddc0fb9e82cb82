-- Concept map: one map per campaign, the documents it was built from, every document's stored
-- extraction (so an update pays only for new or changed documents), and the merged concepts and
-- relationships the screen draws.
create table concept_maps (
  campaign_id uuid primary key references campaigns (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  -- { show_labels: boolean, min_strength: 1..10, layout: 'force_directed' }
  settings jsonb not null default '{"show_labels": true, "min_strength": 3, "layout": "force_directed"}'::jsonb,
  -- How many documents the stored concepts were merged from: fewer processed rows (a document was
  -- deleted) means the merge is out of date and is redone from the stored extractions.
  merged_document_count integer not null default 0,
  -- The extractor of the last build: 'offline' or 'claude:<model>'.
  engine text,
  -- The last generation job, while the screen may still be waiting for it.
  job_id uuid references jobs (id) on delete set null,
  last_updated timestamptz,
  created_at timestamptz not null default now()
);
create index concept_maps_user_id_idx on concept_maps (user_id);

-- A document's concepts and relationships as one extractor read them, for the content it had
-- (content_hash over its chunks). Shared by every campaign of the same owner that selects it.
create table concept_extractions (
  document_id uuid not null references documents (id) on delete cascade,
  extractor text not null,
  content_hash text not null,
  -- ExtractionResult[]: one per chunk batch (Claude) or one per document (offline)
  results jsonb not null,
  input_tokens integer not null default 0,
  output_tokens integer not null default 0,
  extracted_at timestamptz not null default now(),
  primary key (document_id, extractor)
);

-- The documents a campaign's map was built from.
create table concept_map_documents (
  campaign_id uuid not null references concept_maps (campaign_id) on delete cascade,
  document_id uuid not null references documents (id) on delete cascade,
  extractor text not null,
  content_hash text not null,
  processed_at timestamptz not null default now(),
  primary key (campaign_id, document_id)
);
create index concept_map_documents_document_idx on concept_map_documents (document_id);

create table concept_map_concepts (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null references concept_maps (campaign_id) on delete cascade,
  -- Normalised identity (names.ts normalizeKey); ids stay stable across updates by it.
  key text not null,
  name text not null,
  -- location | character | item | event | mission | organization | concept | lore
  type text not null,
  description text not null default '',
  aliases jsonb not null default '[]'::jsonb,
  -- How many passages mention it across the documents.
  source_count integer not null default 0,
  unique (campaign_id, key)
);

-- The passages a concept was read from (what hovering a node shows).
create table concept_map_sources (
  concept_id uuid not null references concept_map_concepts (id) on delete cascade,
  document_id uuid not null references documents (id) on delete cascade,
  ordinal integer not null,
  quote text not null,
  primary key (concept_id, ordinal)
);
create index concept_map_sources_document_idx on concept_map_sources (document_id);

create table concept_map_relationships (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null references concept_maps (campaign_id) on delete cascade,
  source_id uuid not null references concept_map_concepts (id) on delete cascade,
  target_id uuid not null references concept_map_concepts (id) on delete cascade,
  -- A short verb phrase read as "source <relationship> target".
  relationship text not null,
  strength integer not null check (strength between 1 and 10),
  -- How many passages support it.
  count integer not null default 1,
  unique (campaign_id, source_id, target_id, relationship)
);
create index concept_map_relationships_campaign_idx on concept_map_relationships (campaign_id);
