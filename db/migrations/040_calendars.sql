-- A campaign's own calendar, and events stored as a day count so any calendar's arithmetic
-- is exact (docs/decisions/0040-campaign-calendars.md).
create table campaign_calendars (
  campaign_id uuid primary key references campaigns (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  -- contract/calendar/definition.ts CalendarDefinition
  definition jsonb not null,
  -- The imported Fantasy-Calendar.com document, so an export keeps what we do not model.
  source jsonb,
  updated_at timestamptz not null default now()
);

-- Days since 1970-01-01 (proleptic Gregorian), the same count contract/timeline-dates.ts uses.
alter table timeline_events add column event_day integer;
update timeline_events set event_day = event_date - date '1970-01-01';
alter table timeline_events alter column event_day set not null;
drop index timeline_events_campaign_date_idx;
alter table timeline_events drop column event_date;
create index timeline_events_campaign_day_idx on timeline_events (campaign_id, event_day, created_at);

-- Events proposed from session notes, waiting for the GM's review.
create table timeline_proposals (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null references campaigns (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  document_id uuid not null references documents (id) on delete cascade,
  -- The document and the cited passage: proposing again finds the same proposal.
  fingerprint text not null,
  title text not null,
  description text not null default '',
  event_day integer not null,
  -- No in-world date in the text: placed by the session's order.
  estimated boolean not null default false,
  event_type text not null,
  location text not null default '',
  participants jsonb not null default '[]'::jsonb,
  quote text not null,
  quote_start integer not null,
  quote_end integer not null,
  -- pending | accepted | rejected
  status text not null default 'pending',
  event_id uuid references timeline_events (id) on delete set null,
  engine text not null,
  created_at timestamptz not null default now(),
  unique (campaign_id, fingerprint)
);
create index timeline_proposals_campaign_idx on timeline_proposals (campaign_id, status, event_day);
