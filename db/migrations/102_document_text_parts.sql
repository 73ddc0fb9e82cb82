-- A document's text is stored in parts of at most 262,144 characters, one row each (ADR 0190),
-- so no single statement writes or reads a whole 50 MB text: on the embedded database one
-- statement holds the only backend, and with it every other request.
--
-- Each ingest writes its text as a new version, part by part outside any transaction; the short
-- transaction that swaps the new passages in points documents.text_version at it, and the
-- previous version's parts are removed afterwards, again part by part. A version never adopted
-- (an interrupted run) is removed by the next ingest of its document, or with the document.
create table document_text_parts (
  version uuid not null,
  part integer not null,
  document_id uuid not null references documents (id) on delete cascade,
  text text not null,
  primary key (version, part)
);
create index document_text_parts_document_idx on document_text_parts (document_id);

alter table documents add column text_version uuid;
-- A `:::gm` opening line somewhere in the text: worked out once at ingest, so listing a
-- campaign's documents never scans their whole text (contract/gm-blocks.ts reads it exactly).
alter table documents add column may_hold_gm_blocks boolean not null default false;

update documents set text_version = gen_random_uuid() where content <> '';

insert into document_text_parts (version, part, document_id, text)
select d.text_version, n, d.id, substr(d.content, n * 262144 + 1, 262144)
from documents d, generate_series(0, (length(d.content) - 1) / 262144) as n
where d.text_version is not null;

update documents set may_hold_gm_blocks = true where content ~* '(^|\n)[ \t]*:::[ \t]*gm[ \t]*(\r?\n|$)';

alter table documents drop column content;

-- The staging table of migration 084: a text is now written straight into its own version.
drop table ingest_text_parts;
