-- A fingerprint of each document's passages (md5 over heading path and text, in order), stored
-- when ingestion swaps the passages in. "Has this document changed since the concept map read
-- it?" then compares two stored values instead of hashing every passage on each page load.
-- Null: the document has no passages. The same formula as the hashes already stored in
-- concept_extractions and concept_map_documents, so no stored reading is invalidated.
alter table documents add column passages_hash text;

update documents
set passages_hash = passages.hash
from (
  select document_id, md5(string_agg(heading_path || chr(31) || content, chr(30) order by ordinal)) as hash
  from chunks
  group by document_id
) as passages
where passages.document_id = documents.id;
