-- Campaigns, their linked tomes, conversations and AI usage.
create table campaigns (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  description text not null default '',
  created_at timestamptz not null default now()
);
create index campaigns_user_id_idx on campaigns (user_id);

create table campaign_datasets (
  campaign_id uuid not null references campaigns (id) on delete cascade,
  dataset_id uuid not null references datasets (id) on delete cascade,
  linked_at timestamptz not null default now(),
  primary key (campaign_id, dataset_id)
);
create index campaign_datasets_dataset_id_idx on campaign_datasets (dataset_id);

create table conversations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  -- campaign_chat | document_chat | content
  kind text not null,
  campaign_id uuid references campaigns (id) on delete cascade,
  document_id uuid references documents (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index conversations_campaign_idx on conversations (campaign_id, updated_at desc);
create index conversations_document_idx on conversations (document_id);

create table messages (
  id bigint generated always as identity primary key,
  conversation_id uuid not null references conversations (id) on delete cascade,
  role text not null check (role in ('user', 'assistant')),
  content text not null,
  citations jsonb not null default '[]'::jsonb,
  -- which engine answered: claude | offline
  engine text,
  tokens integer not null default 0,
  cost_info jsonb,
  created_at timestamptz not null default now()
);
create index messages_conversation_idx on messages (conversation_id, id);

create table usage_events (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  -- campaign_chat | document_chat | content_generation | concept_map | embedding
  feature text not null,
  model text not null,
  input_tokens integer not null default 0,
  output_tokens integer not null default 0,
  cache_read_tokens integer not null default 0,
  cache_write_tokens integer not null default 0,
  embedding_tokens integer not null default 0,
  cost_usd numeric(14, 6) not null default 0,
  duration_ms integer not null default 0,
  created_at timestamptz not null default now()
);
create index usage_events_user_month_idx on usage_events (user_id, created_at);
