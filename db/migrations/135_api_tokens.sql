-- Personal API tokens (issue 36): a script's long-lived bearer token, named by its owner.
-- Only the SHA-256 of the token is stored (ADR 0285); last_used_at is written at most once a minute.
create table api_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz,
  last_used_at timestamptz
);
create index api_tokens_user_id_idx on api_tokens (user_id, created_at);
