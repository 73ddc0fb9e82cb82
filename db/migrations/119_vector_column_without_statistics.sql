-- ANALYZE no longer gathers statistics on the stored vectors (ADR 0262). Nothing the planner
-- decides reads them: no condition tests a vector, and the index is over an expression of the
-- column. For a real[] column ANALYZE counts the most common elements of every sampled array
-- (512 floats each), which was three quarters of refreshing the search statistics at 100k
-- passages (152-182 of 274-386 ms), during which the embedded database answers nothing else.
alter table chunk_embeddings alter column embedding set statistics 0;
alter table chunk_embeddings_pending alter column embedding set statistics 0;
