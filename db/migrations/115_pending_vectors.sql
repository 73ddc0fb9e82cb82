-- Vectors of newly indexed passages that are not yet in the HNSW index (ADR 0244). Adding a
-- vector to pgvector's HNSW index one at a time cost 3.4-6 ms of CPU each on the embedded
-- database, most of a document's indexing; building the index over the same vectors, about a
-- third of that. Ingestion writes a passage's vector here; a search compares the question with
-- these exactly (beside the index's nearest neighbours), and a background job moves them into
-- chunk_embeddings, rebuilding the index when they outnumber it. A passage's vector is in
-- exactly one of the two tables.
create table chunk_embeddings_pending (
  chunk_id bigint primary key references chunks (id) on delete cascade,
  model text not null,
  embedding real[] not null
);

-- Every passage's vector, wherever it is.
create view chunk_vectors as
  select chunk_id, model, embedding from chunk_embeddings
  union all
  select chunk_id, model, embedding from chunk_embeddings_pending;
