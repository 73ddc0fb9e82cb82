-- Account recovery (issue #33): one-time password reset codes made by the administrator's
-- `reset-password` command. Only a code's SHA-256 is stored; a code is used once and lapses.
create table password_reset_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  code_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index password_reset_codes_user_idx on password_reset_codes (user_id);
