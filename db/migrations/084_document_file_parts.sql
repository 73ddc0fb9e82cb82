-- Uploaded originals are stored in parts of 512 KiB, one row each (ADR 0110), so no single
-- statement stores or reads a whole 50 MB file: on the embedded database one statement holds
-- the only backend, and with it every other request.
--
-- A stored file is written before its document exists (document_id null), part by part outside
-- any transaction; the upload's short transaction then attaches it to the document. A file
-- never attached (a failed or interrupted upload) is removed by the next upload of its owner.
alter table document_files add column id uuid not null default gen_random_uuid();
alter table document_files add column user_id uuid references users (id) on delete cascade;
alter table document_files add column part_bytes integer not null default 524288;
alter table document_files add column created_at timestamptz not null default now();
update document_files f set user_id = d.user_id from documents d where d.id = f.document_id;
alter table document_files alter column user_id set not null;
alter table document_files drop constraint document_files_pkey;
alter table document_files add primary key (id);
alter table document_files alter column document_id drop not null;
alter table document_files add constraint document_files_document_id_key unique (document_id);
create index document_files_unattached_idx on document_files (user_id, created_at) where document_id is null;

create table document_file_parts (
  file_id uuid not null references document_files (id) on delete cascade,
  part integer not null,
  bytes bytea not null,
  primary key (file_id, part)
);

insert into document_file_parts (file_id, part, bytes)
select f.id, n, substring(f.bytes from n * f.part_bytes + 1 for f.part_bytes)
from document_files f, generate_series(0, ceil(f.size_bytes / f.part_bytes::numeric)::int - 1) as n;

alter table document_files drop column bytes;

-- The text of a document being indexed, staged in parts before the short transaction that
-- swaps the new passages in sets documents.content from them inside the database.
create table ingest_text_parts (
  job_id uuid not null references jobs (id) on delete cascade,
  part integer not null,
  text text not null,
  primary key (job_id, part)
);
