-- Accounts, sessions, registration codes and login attempts.
create table users (
  id uuid primary key default gen_random_uuid(),
  username text not null,
  email text not null,
  password_hash text not null,
  disabled boolean not null default false,
  monthly_budget_usd numeric(12, 4),
  created_at timestamptz not null default now()
);
create unique index users_username_key on users (lower(username));

create table sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_user_id_idx on sessions (user_id);

create table registration_codes (
  id uuid primary key default gen_random_uuid(),
  code_hash text not null unique,
  uses_left integer not null check (uses_left >= 0),
  expires_at timestamptz,
  note text not null default '',
  created_at timestamptz not null default now()
);

-- Failed logins per account name, for the lockout rule (5 in 15 minutes locks for 15 minutes).
create table login_failures (
  id bigint generated always as identity primary key,
  username_key text not null,
  failed_at timestamptz not null default now()
);
create index login_failures_lookup_idx on login_failures (username_key, failed_at);
