-- Search statistics the database keeps as passages are written (ADR 0100): per tome, how many
-- passages and tokens it holds, and in how many passages each stemmed word occurs. Full-text
-- ranking weighs a question's words by how rare they are; reading these rows replaces a count
-- over every passage in scope per word (about 400 ms at 100k passages).
-- Keyed by gm_only too, so a player's search can leave GM-only passages out of the figures.
create table search_passage_counts (
  dataset_id uuid not null references datasets (id) on delete cascade,
  gm_only boolean not null,
  user_id uuid not null,
  passages integer not null,
  tokens bigint not null,
  primary key (dataset_id, gm_only)
);

create table search_term_counts (
  dataset_id uuid not null references datasets (id) on delete cascade,
  lexeme text not null,
  gm_only boolean not null,
  user_id uuid not null,
  passages integer not null,
  primary key (dataset_id, lexeme, gm_only)
);

-- The words full-text search stems (weights A and B: the 'english' parts of chunks.search_vector;
-- the unweighted 'simple' part only serves the exact-name check).
create function search_vector_words(v tsvector) returns setof text
language sql immutable parallel safe as $$
  select lexeme from unnest(v) where weights && array['A', 'B']
$$;

-- Kept by one statement-level trigger per change to chunks, from the changed rows alone.
-- Rows are added in key order, so two writers into one tome take their row locks in the same order.
create function search_statistics_track() returns trigger language plpgsql as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    update search_passage_counts s set passages = s.passages - g.passages, tokens = s.tokens - g.tokens
    from (select dataset_id, gm_only, count(*) as passages, sum(token_count) as tokens from removed_chunks group by dataset_id, gm_only) g
    where s.dataset_id = g.dataset_id and s.gm_only = g.gm_only;
    update search_term_counts s set passages = s.passages - g.passages
    from (select r.dataset_id, w.lexeme, r.gm_only, count(*) as passages
          from removed_chunks r cross join lateral search_vector_words(r.search_vector) as w(lexeme)
          group by r.dataset_id, w.lexeme, r.gm_only) g
    where s.dataset_id = g.dataset_id and s.lexeme = g.lexeme and s.gm_only = g.gm_only;
    delete from search_term_counts s using (select distinct dataset_id from removed_chunks) d
    where s.dataset_id = d.dataset_id and s.passages <= 0;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into search_passage_counts as s (dataset_id, gm_only, user_id, passages, tokens)
    select dataset_id, gm_only, user_id, count(*), sum(token_count)
    from added_chunks group by dataset_id, gm_only, user_id order by dataset_id, gm_only
    on conflict (dataset_id, gm_only) do update set passages = s.passages + excluded.passages, tokens = s.tokens + excluded.tokens;
    insert into search_term_counts as s (dataset_id, lexeme, gm_only, user_id, passages)
    select a.dataset_id, w.lexeme, a.gm_only, a.user_id, count(*)
    from added_chunks a cross join lateral search_vector_words(a.search_vector) as w(lexeme)
    group by a.dataset_id, w.lexeme, a.gm_only, a.user_id order by a.dataset_id, w.lexeme, a.gm_only
    on conflict (dataset_id, lexeme, gm_only) do update set passages = s.passages + excluded.passages;
  end if;
  return null;
end $$;

create trigger chunks_search_statistics_insert after insert on chunks
  referencing new table as added_chunks for each statement execute function search_statistics_track();
create trigger chunks_search_statistics_delete after delete on chunks
  referencing old table as removed_chunks for each statement execute function search_statistics_track();
create trigger chunks_search_statistics_update after update on chunks
  referencing old table as removed_chunks new table as added_chunks for each statement execute function search_statistics_track();

-- What is already there.
insert into search_passage_counts (dataset_id, gm_only, user_id, passages, tokens)
select dataset_id, gm_only, user_id, count(*), sum(token_count) from chunks group by dataset_id, gm_only, user_id;
insert into search_term_counts (dataset_id, lexeme, gm_only, user_id, passages)
select c.dataset_id, w.lexeme, c.gm_only, c.user_id, count(*)
from chunks c cross join lateral search_vector_words(c.search_vector) as w(lexeme)
group by c.dataset_id, w.lexeme, c.gm_only, c.user_id;

-- New passages wait in the full-text index's pending list until it fills (4 MB by default);
-- every search reads that list, and a long one turned the planner away from the index
-- altogether (a scan of every passage in scope instead: 300 ms against 9 ms at 10k). A short
-- list keeps inserts batched; refreshing the search statistics empties it (statistics.ts).
alter index chunks_search_idx set (gin_pending_list_limit = 256);
