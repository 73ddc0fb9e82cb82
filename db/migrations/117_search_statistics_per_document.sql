-- The search statistics (migration 083) counted every batch of passages an ingest wrote, by
-- upserting each of the batch's words: a word in ten batches of a document was upserted ten
-- times, and this was about a sixth of a corpus's ingestion. Now an ingest's passages are counted
-- once, when the document swaps to them (ADR 0253).
--
-- documents.indexing_from: set while an ingest writes the document's new passages. The passages
-- at or past it are the ingest's, not yet part of the document: the statistics do not count them
-- until the swap (search_statistics_count_document), and searches do not return them. It keeps
-- its first value across attempts, so what an interrupted attempt left behind stays uncounted.
alter table documents add column indexing_from bigint;

-- Whether a passage is its document's: not one an ingest under way wrote. Kept out of the search
-- statistics and of search results until the swap.
create function passage_swapped_in(passage_id bigint, indexing_from bigint) returns boolean
language sql immutable parallel safe as $$
  select indexing_from is null or passage_id < indexing_from
$$;

-- A passage counts when it is its document's (passage_swapped_in). The document row is read, so a document's passages are deleted before the document (a cascade
-- from a deleted document would count them all), which deleteDocument does.
create or replace function search_statistics_track() returns trigger language plpgsql as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    update search_passage_counts s set passages = s.passages - g.passages, tokens = s.tokens - g.tokens
    from (select r.dataset_id, r.gm_only, count(*) as passages, sum(r.token_count) as tokens
          from removed_chunks r left join documents d on d.id = r.document_id
          where passage_swapped_in(r.id, d.indexing_from) group by r.dataset_id, r.gm_only) g
    where s.dataset_id = g.dataset_id and s.gm_only = g.gm_only;
    update search_term_counts s set passages = s.passages - g.passages
    from (select r.dataset_id, w.lexeme, r.gm_only, count(*) as passages
          from removed_chunks r left join documents d on d.id = r.document_id
          cross join lateral search_vector_words(r.search_vector) as w(lexeme)
          where passage_swapped_in(r.id, d.indexing_from)
          group by r.dataset_id, w.lexeme, r.gm_only) g
    where s.dataset_id = g.dataset_id and s.lexeme = g.lexeme and s.gm_only = g.gm_only;
    delete from search_term_counts s using (select distinct dataset_id from removed_chunks) d
    where s.dataset_id = d.dataset_id and s.passages <= 0;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into search_passage_counts as s (dataset_id, gm_only, user_id, passages, tokens)
    select a.dataset_id, a.gm_only, a.user_id, count(*), sum(a.token_count)
    from added_chunks a left join documents d on d.id = a.document_id
    where passage_swapped_in(a.id, d.indexing_from)
    group by a.dataset_id, a.gm_only, a.user_id order by a.dataset_id, a.gm_only
    on conflict (dataset_id, gm_only) do update set passages = s.passages + excluded.passages, tokens = s.tokens + excluded.tokens;
    insert into search_term_counts as s (dataset_id, lexeme, gm_only, user_id, passages)
    select a.dataset_id, w.lexeme, a.gm_only, a.user_id, count(*)
    from added_chunks a left join documents d on d.id = a.document_id
    cross join lateral search_vector_words(a.search_vector) as w(lexeme)
    where passage_swapped_in(a.id, d.indexing_from)
    group by a.dataset_id, w.lexeme, a.gm_only, a.user_id order by a.dataset_id, w.lexeme, a.gm_only
    on conflict (dataset_id, lexeme, gm_only) do update set passages = s.passages + excluded.passages;
  end if;
  return null;
end $$;

-- The swap: the passages at or past the marker counted, and the marker cleared, together.
create function search_statistics_count_document(target_document uuid) returns void language plpgsql as $$
begin
  insert into search_passage_counts as s (dataset_id, gm_only, user_id, passages, tokens)
  select c.dataset_id, c.gm_only, c.user_id, count(*), sum(c.token_count)
  from chunks c join documents d on d.id = c.document_id
  where c.document_id = target_document and not passage_swapped_in(c.id, d.indexing_from)
  group by c.dataset_id, c.gm_only, c.user_id order by c.dataset_id, c.gm_only
  on conflict (dataset_id, gm_only) do update set passages = s.passages + excluded.passages, tokens = s.tokens + excluded.tokens;
  insert into search_term_counts as s (dataset_id, lexeme, gm_only, user_id, passages)
  select c.dataset_id, w.lexeme, c.gm_only, c.user_id, count(*)
  from chunks c join documents d on d.id = c.document_id
  -- The same words as search_vector_words(c.search_vector), read from the narrow rows (migration 113).
  join chunk_search_terms t on t.chunk_id = c.id cross join lateral unnest(tsvector_to_array(t.terms)) as w(lexeme)
  where c.document_id = target_document and not passage_swapped_in(c.id, d.indexing_from)
  group by c.dataset_id, w.lexeme, c.gm_only, c.user_id order by c.dataset_id, w.lexeme, c.gm_only
  on conflict (dataset_id, lexeme, gm_only) do update set passages = s.passages + excluded.passages;
  update documents set indexing_from = null where id = target_document;
end $$;
