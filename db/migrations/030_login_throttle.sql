-- The per-address login throttle moves from one process's memory into the database, so every
-- web process on one Postgres server counts the same failures. A failure row now also names
-- the client address it came from.
alter table login_failures add column client text not null default '';
create index login_failures_client_idx on login_failures (client, failed_at);
