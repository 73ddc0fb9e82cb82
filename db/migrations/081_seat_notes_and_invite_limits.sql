-- Seats (issue #14), on top of 080: the administrator's cap on a GM's player invites, and the
-- private notes a player keeps per campaign (only their author ever reads them, not the GM).
alter table users add column max_player_invites integer check (max_player_invites >= 0);

create table player_notes (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null references campaigns (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  title text not null,
  body text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index player_notes_owner_idx on player_notes (campaign_id, user_id, updated_at);
