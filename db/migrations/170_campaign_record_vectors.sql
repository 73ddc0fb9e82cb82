-- Vectors of a campaign's own record (timeline events and sessions' notes) for campaign chat with
-- an embedding model (ADR 0338). Kept by the text's hash and the model, so a record is embedded once
-- per wording: the GM's text (with `:::gm` blocks) and a player's (without) are separate texts,
-- and a question is only ever compared with vectors of the text its asker may read.
create table campaign_record_vectors (
  campaign_id uuid not null references campaigns (id) on delete cascade,
  model text not null,
  content_hash text not null,
  embedding real[] not null,
  created_at timestamptz not null default now(),
  primary key (campaign_id, model, content_hash)
);
