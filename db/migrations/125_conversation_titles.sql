-- A conversation may be renamed by its owner (issue 34); without a title the history shows its
-- first question.
alter table conversations add column title text;
