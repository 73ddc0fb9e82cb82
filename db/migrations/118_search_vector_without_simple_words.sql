-- The passages' search vector without its unweighted 'simple' part (ADR 0255). That part, every
-- word unstemmed, was kept for the exact-name check's phrase test, which now runs on the English
-- part (the same parser's positions, stopwords leaving their gaps) and is confirmed by ILIKE as
-- before. Computing it was about a third of writing a passage (a second parse of the content),
-- and it doubled the vector that the full-text index holds and cover density reads.
-- PostgreSQL 15 cannot change a generated column's expression, so the column is made again: the
-- table is rewritten once, with the index built afresh. The scoring rows (chunk_search_terms) and
-- the search statistics read the weighted parts only, so they stay as they are.
alter table chunks drop column search_vector;
alter table chunks add column search_vector tsvector generated always as (
  setweight(to_tsvector('english', heading_path), 'B') || setweight(to_tsvector('english', content), 'A')
) stored;
-- The pending list kept short, as migration 083 set it.
create index chunks_search_idx on chunks using gin (search_vector) with (gin_pending_list_limit = 256);
