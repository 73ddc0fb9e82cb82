-- Knowledge Tomes: datasets, documents, their original files, chunks, embeddings and jobs.
create table datasets (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  description text not null default '',
  metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index datasets_user_id_idx on datasets (user_id);

create table documents (
  id uuid primary key default gen_random_uuid(),
  dataset_id uuid not null references datasets (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  filename text not null,
  file_type text not null,
  -- processing | ready | failed
  status text not null default 'processing',
  error text,
  content text not null default '',
  token_count integer not null default 0,
  page_count integer,
  upload_date timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index documents_dataset_id_idx on documents (dataset_id);
create index documents_user_id_idx on documents (user_id);

-- The uploaded bytes live in Postgres so any instance or worker can serve and process them.
create table document_files (
  document_id uuid primary key references documents (id) on delete cascade,
  mime_type text not null,
  size_bytes integer not null,
  bytes bytea not null
);

create table chunks (
  id bigint generated always as identity primary key,
  document_id uuid not null references documents (id) on delete cascade,
  dataset_id uuid not null references datasets (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  ordinal integer not null,
  heading_path text not null default '',
  page integer,
  content text not null,
  token_count integer not null,
  search_vector tsvector generated always as (
    setweight(to_tsvector('english', heading_path), 'B') || setweight(to_tsvector('english', content), 'A')
    || to_tsvector('simple', content)
  ) stored
);
create index chunks_document_id_idx on chunks (document_id, ordinal);
create index chunks_dataset_id_idx on chunks (dataset_id);
create index chunks_search_idx on chunks using gin (search_vector);

-- One vector per chunk; `model` says which embedder made it, so a change of provider re-embeds.
-- Stored as real[] so the schema also works on a server without pgvector; where pgvector
-- exists an HNSW index over the cast serves the nearest-neighbour search.
create table chunk_embeddings (
  chunk_id bigint primary key references chunks (id) on delete cascade,
  model text not null,
  embedding real[] not null
);

do $$
begin
  create extension if not exists vector;
exception when others then
  raise notice 'pgvector is not available; vector search uses the exact fallback';
end $$;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'vector') then
    execute 'create index chunk_embeddings_hnsw_idx on chunk_embeddings
             using hnsw ((embedding::vector(512)) vector_cosine_ops)';
  end if;
end $$;

-- Background work the user watches: document ingestion, concept-map builds.
create table jobs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  kind text not null,
  document_id uuid references documents (id) on delete cascade,
  -- queued | extracting | chunking | embedding | indexing | processing | completed | failed
  status text not null default 'queued',
  progress integer not null default 0 check (progress between 0 and 100),
  progress_message text not null default '',
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index jobs_user_id_idx on jobs (user_id);
