-- Output-only problems: their submissions are the tests' outputs, judged by the checker, never run.
alter table problem_version add column output_only boolean not null default false;

-- An output-only problem's submission: each test's output by index (UTF-8 bytes, NUL kept; null where
-- none was given). Its language is 'output-only' and its source empty.
alter table submission add column outputs bytea[];
