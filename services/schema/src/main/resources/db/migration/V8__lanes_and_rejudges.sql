-- Priority lanes (contracts Lane): each submission goes to its lane's request queue. A key has a
-- default lane and the lanes its submissions may ask for; rows of before lanes are practice.
alter table api_key add column lane text not null default 'PRACTICE';
alter table api_key add column lanes text[] not null default '{PRACTICE}';
alter table submission add column lane text not null default 'PRACTICE';

-- Rejudges: the row shows the submission's newest judgement (1, then one more per rejudge), and
-- results of any other are ignored. requeued_at, when it was last queued again: the start of its
-- queue wait (null: created_at). The judgements a rejudge replaced are kept, as they were.
alter table submission add column judgement integer not null default 1;
alter table submission add column requeued_at timestamptz;

create table judgement (
    submission_id   uuid        not null references submission (id),
    judgement       integer     not null,
    problem_version integer,
    status          text        not null,
    verdict         text,
    result          jsonb,
    started_at      timestamptz,
    finished_at     timestamptz,
    replaced_at     timestamptz not null default now(),
    primary key (submission_id, judgement)
);

create index submission_problem on submission (problem_id) where problem_id is not null;
