-- pg-boss owns retries (its retryCount), heartbeats and dead letters; the jobs table keeps
-- only what the game master sees: status, progress, message, error.
alter table jobs drop column if exists attempts;
