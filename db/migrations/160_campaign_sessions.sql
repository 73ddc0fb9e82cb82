-- The campaign's sessions (issue 35): a numbered list with the real-world day it was played, the
-- in-world day (or range) it covered as day numbers read in the campaign's calendar, a title and
-- the notes (Markdown, with `:::gm` blocks). Players see a session only when the GM shows it, and
-- then its notes without the GM blocks.
create table campaign_sessions (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null references campaigns (id) on delete cascade,
  number integer not null check (number between 1 and 100000),
  played_on date,
  world_start_day integer,
  world_end_day integer,
  title text not null,
  notes text not null default '',
  player_visible boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (campaign_id, number),
  check (world_end_day is null or (world_start_day is not null and world_end_day >= world_start_day))
);

-- A proposal cites a passage of a document or of a session's notes.
alter table timeline_proposals alter column document_id drop not null;
alter table timeline_proposals add column session_id uuid references campaign_sessions (id) on delete cascade;
alter table timeline_proposals add constraint timeline_proposals_one_source check ((document_id is null) <> (session_id is null));
