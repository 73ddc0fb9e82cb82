-- A passage may hold one vector per embedding model (ADR 0296): when the embedding model changes,
-- the new model's vectors are written beside the old ones, search keeps comparing questions with
-- the old model's vectors until every passage has a new one, and only then are the old removed.
-- Vectors of different models are never compared (every search filters on `model`).
alter table chunk_embeddings drop constraint chunk_embeddings_pkey, add primary key (chunk_id, model);
alter table chunk_embeddings_pending drop constraint chunk_embeddings_pending_pkey, add primary key (chunk_id, model);
