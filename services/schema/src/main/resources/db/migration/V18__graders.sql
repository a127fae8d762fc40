-- A grader problem's graders, by language id: {solutionFile, files}. Null for a problem without them,
-- which takes every language; with them, only theirs.
alter table problem_version add column graders jsonb;
