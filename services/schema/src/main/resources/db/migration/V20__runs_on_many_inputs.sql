-- A run without a problem on several inputs (each its UTF-8 bytes, NUL kept, as stdin is): one run per
-- input, compiled once. Null for a submission to a problem or a run on one stdin.
alter table submission add column stdins bytea[];

-- Each submission is one of the three: to a problem, a run on stdin, runs on stdins (V1's check said
-- problem or stdin).
alter table submission drop constraint submission_check;
alter table submission add constraint submission_problem_or_inputs
    check (num_nonnulls(problem_id, stdin, stdins) = 1);
