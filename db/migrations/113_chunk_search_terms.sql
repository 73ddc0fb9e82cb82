-- A narrow copy of each passage's stemmed words for scoring full-text candidates (ADR 0208).
-- Scoring read every selected passage's search_vector (about 1.6 kB, mostly compressed out of
-- line, so fetched and decompressed per passage) to test a handful of terms; these rows hold
-- only the english words without positions (about 0.5 kB, stored inline), the heading's words
-- apart for the heading weight, and the length the score normalises by.
-- Kept by a trigger from chunks.search_vector, so every writer of chunks keeps it in step;
-- removed with its passage.
create table chunk_search_terms (
  chunk_id bigint primary key references chunks (id) on delete cascade,
  token_count integer not null,
  -- The 'english' parts of search_vector (weights A and B), stripped of positions and weights.
  terms tsvector not null,
  -- The heading path's words (weight B), stripped.
  heading_terms tsvector not null
);

create function chunk_search_terms_track() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    delete from chunk_search_terms t using removed_chunks r where t.chunk_id = r.id;
  end if;
  insert into chunk_search_terms (chunk_id, token_count, terms, heading_terms)
  select a.id, a.token_count, strip(ts_filter(a.search_vector, '{a,b}')), strip(ts_filter(a.search_vector, '{b}'))
  from added_chunks a order by a.id;
  return null;
end $$;

create trigger chunks_search_terms_insert after insert on chunks
  referencing new table as added_chunks for each statement execute function chunk_search_terms_track();
create trigger chunks_search_terms_update after update on chunks
  referencing old table as removed_chunks new table as added_chunks for each statement execute function chunk_search_terms_track();

-- What is already there.
insert into chunk_search_terms (chunk_id, token_count, terms, heading_terms)
select c.id, c.token_count, strip(ts_filter(c.search_vector, '{a,b}')), strip(ts_filter(c.search_vector, '{b}'))
from chunks c order by c.id;
analyze chunk_search_terms;
