-- Problems are immutable once created: a submission is always judged against the tests it was sent with.
create table problem (
    id                    bigint generated always as identity primary key,
    title                 text        not null,
    time_limit_ms         integer     not null check (time_limit_ms > 0),
    memory_limit_mb       integer     not null check (memory_limit_mb > 0),
    comparison            text        not null default 'EXACT',
    stop_on_first_failure boolean     not null default true,
    created_at            timestamptz not null default now()
);

create table test_case (
    problem_id      bigint  not null references problem (id),
    ordinal         integer not null,
    input           text    not null,
    expected_output text    not null,
    primary key (problem_id, ordinal)
);

create table submission (
    id          uuid primary key,
    problem_id  bigint references problem (id),
    language    text        not null,
    source_code text        not null,
    stdin       text,                 -- a run without a problem: run once on this input
    status      text        not null default 'QUEUED',
    verdict     text,
    result      jsonb,                -- per test case outcome and compiler output, as the worker sent it
    created_at  timestamptz not null default now(),
    -- The outbox: null until RabbitMQ confirmed the request message. The API's relay publishes
    -- every row still null, so an accepted submission reaches a worker even if the broker was down.
    enqueued_at timestamptz,
    started_at  timestamptz,
    finished_at timestamptz,
    check ((problem_id is null) <> (stdin is null))
);

create index submission_unpublished on submission (created_at) where enqueued_at is null;
