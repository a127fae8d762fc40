-- A version with setter programs (a custom checker, an interactor, a validator) is PREPARING until a
-- worker has built them and validated its tests, then READY or FAILED; submissions are taken only
-- to a READY one. Versions stored before were judged as they were: READY.
alter table problem_version add column status text not null default 'READY'
    check (status in ('PREPARING', 'READY', 'FAILED'));
-- The contract's ProblemProgram as JSON: run on each test's input when the version is prepared.
alter table problem_version add column validator json;
-- What failed ("checker", "interactor", "validator", "test <n>") and the compiler's or validator's words.
alter table problem_version add column preparation_file text;
alter table problem_version add column preparation_message text;
-- When the preparation was last sent to the workers (sent again when it takes too long) and when it ended.
alter table problem_version add column preparation_requested_at timestamptz;
alter table problem_version add column prepared_at timestamptz;
create index problem_version_preparing on problem_version (preparation_requested_at) where status = 'PREPARING';

-- A submission to a problem always records its version: the insert picks the current version only
-- when it is READY, and this refuses the row otherwise.
alter table submission add constraint submission_problem_version_known
    check (problem_id is null or problem_version is not null);
