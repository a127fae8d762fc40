-- A problem changes by versions: editing its tests, checker, interactor, subtasks or limits makes a
-- new version, and a submission is judged against the version it was made to, whatever comes after.
-- Versions are immutable, like problems were before.
create table problem_version (
    problem_id            bigint      not null references problem (id),
    version               integer     not null check (version > 0),
    time_limit_ms         integer     not null check (time_limit_ms > 0),
    memory_limit_mb       integer     not null check (memory_limit_mb > 0),
    stop_on_first_failure boolean     not null,
    -- The contract's Checker and ProblemProgram as JSON: {"kind": "EXACT"}, {"kind": "FLOAT",
    -- "epsilon": 1e-6}, {"kind": "CUSTOM", "program": {"language", "sourceCode", "files"}}.
    checker               json        not null,
    interactor            json,
    -- [{"name", "points", "dependsOn": [...]}], in judging order; empty: all tests, all or nothing.
    groups                json        not null default '[]',
    -- {"<language id>": {"factor", "offset"}}: this problem's own time factors, over the catalog's.
    time_limits           json        not null default '{}',
    created_at            timestamptz not null default now(),
    primary key (problem_id, version)
);

insert into problem_version (problem_id, version, time_limit_ms, memory_limit_mb, stop_on_first_failure, checker, created_at)
select id, 1, time_limit_ms, memory_limit_mb, stop_on_first_failure, json_build_object('kind', comparison), created_at
from problem;

-- The problem's own columns keep describing its current version, so that API pods of the release
-- before still read problems during a rolling upgrade.
alter table problem add column version integer not null default 1;

alter table test_case add column version integer not null default 1;
alter table test_case add column group_name text;
alter table test_case alter column version drop default;
alter table test_case drop constraint test_case_pkey;
alter table test_case add primary key (problem_id, version, ordinal);
alter table test_case add foreign key (problem_id, version) references problem_version (problem_id, version);

alter table submission add column problem_version integer;
update submission set problem_version = 1 where problem_id is not null;
alter table submission add foreign key (problem_id, problem_version) references problem_version (problem_id, version);
