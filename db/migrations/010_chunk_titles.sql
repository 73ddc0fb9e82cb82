-- Retrieval: a chunk's title is the last heading of its path ("Fireball", "Owlbear", "Short Rest").
-- A question naming a unit of the rulebook finds that unit's chunks through this index instead of
-- scanning every passage (server/domain/retrieval/titles.ts uses the same expression).
create index chunks_title_idx on chunks (dataset_id, lower(split_part(heading_path, ' > ', -1)));
