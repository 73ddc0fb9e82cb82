-- A player the GM removed may not come back through the invite that seated them (issue 39):
-- removal records the invite against that user; redeeming it again is refused. Another invite
-- from the GM still seats them.
create table campaign_invite_revocations (
  invite_id uuid not null references campaign_invites (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  revoked_at timestamptz not null default now(),
  primary key (invite_id, user_id)
);
