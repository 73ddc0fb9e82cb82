-- Knowledge Tomes: how many times the queue has started a job, so the last retry can fail the
-- document with its reason instead of leaving it half-made.
alter table jobs add column attempts integer not null default 0;
-- The no-JavaScript status list reads a tome's recent jobs by document.
create index jobs_document_id_idx on jobs (document_id);
-- Finding vectors another embedding model made (after a change of provider) without a table scan.
create index chunk_embeddings_model_idx on chunk_embeddings (model);
