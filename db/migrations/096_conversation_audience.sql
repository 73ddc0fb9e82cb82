-- Which view a conversation was held in (issue #14): a GM previewing the campaign as a player
-- starts and sees player conversations only, so their GM history (and its secrets) never shows
-- in, nor feeds, the player's view. A player's conversations are always 'player'.
alter table conversations add column audience text not null default 'gm' check (audience in ('gm', 'player'));

update conversations cv set audience = 'player'
  from campaigns c
  where cv.campaign_id = c.id and cv.user_id <> c.user_id;

update conversations cv set audience = 'player'
  from documents d join datasets ds on ds.id = d.dataset_id
  where cv.document_id = d.id and cv.user_id <> ds.user_id;
