-- Campaign timeline: events and the documents they cite.
create table timeline_events (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null references campaigns (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  title text not null,
  description text not null default '',
  -- Proleptic Gregorian, 4713 BC onwards; the API speaks ISO 8601 with astronomical years
  -- (docs/decisions/0004-timeline-dates.md).
  event_date date not null,
  -- player_party | established_lore | campaign_milestone | npc_event | world_event | battle | discovery | prophecy
  event_type text not null,
  location text not null default '',
  participants jsonb not null default '[]'::jsonb,
  tags jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index timeline_events_campaign_date_idx on timeline_events (campaign_id, event_date, created_at);

-- Deleting either the event or the document removes the link.
create table timeline_event_documents (
  event_id uuid not null references timeline_events (id) on delete cascade,
  document_id uuid not null references documents (id) on delete cascade,
  primary key (event_id, document_id)
);
create index timeline_event_documents_document_idx on timeline_event_documents (document_id);
