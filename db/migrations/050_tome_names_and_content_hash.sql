-- A user's tomes never share a name (case-blind). Tomes made before this rule may already
-- share one: then the index is left out and the domain's check alone keeps new ones apart.
do $$
begin
  create unique index datasets_user_name_idx on datasets (user_id, lower(name));
exception when unique_violation then
  raise notice 'existing tomes share a name; datasets_user_name_idx not created';
end $$;

-- The SHA-256 of a document's uploaded bytes, to notice the same file uploaded twice to a tome.
alter table documents add column content_hash text;
update documents d set content_hash = encode(sha256(f.bytes), 'hex') from document_files f where f.document_id = d.id;
create index documents_dataset_hash_idx on documents (dataset_id, content_hash);
