-- Campaign seats (issue #14): players join a GM's campaign with an invite, and the GM decides
-- what players see. Everything is GM-only until the GM shows it.
create table campaign_members (
  campaign_id uuid not null references campaigns (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  -- the owner (campaigns.user_id) is the GM and never a member row
  role text not null default 'player' check (role in ('player')),
  invite_id uuid,
  joined_at timestamptz not null default now(),
  primary key (campaign_id, user_id)
);
create index campaign_members_user_idx on campaign_members (user_id);

create table campaign_invites (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null references campaigns (id) on delete cascade,
  created_by uuid not null references users (id) on delete cascade,
  code_hash text not null unique,
  max_uses integer not null check (max_uses > 0),
  uses integer not null default 0,
  expires_at timestamptz,
  revoked_at timestamptz,
  note text not null default '',
  created_at timestamptz not null default now()
);
create index campaign_invites_campaign_idx on campaign_invites (campaign_id);

-- The campaign's own monthly AI budget, which players' use counts against (null: none set).
alter table campaigns add column monthly_budget_usd numeric(12, 4);
-- Which campaign an AI call was made for (players' use is billed to the campaign's budget).
alter table usage_events add column campaign_id uuid references campaigns (id) on delete set null;
create index usage_events_campaign_idx on usage_events (campaign_id, created_at) where campaign_id is not null;

-- What players see. Default GM-only.
alter table documents add column player_visible boolean not null default false;
-- A passage cut from a `:::gm` block of an otherwise visible document.
alter table chunks add column gm_only boolean not null default false;
alter table timeline_events add column player_visible boolean not null default false;
