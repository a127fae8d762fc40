-- API keys: a platform's credentials and limits. Only the SHA-256 of a key is kept (a key is 256
-- random bits, so a slow hash would add cost and no safety); the key itself is shown once, when made.
create table api_key (
    id             uuid        primary key,
    name           text        not null,
    secret_sha256  bytea       not null unique,
    per_minute     integer     not null check (per_minute > 0),
    max_waiting    integer     not null check (max_waiting > 0),
    created_at     timestamptz not null default now(),
    revoked_at     timestamptz,
    -- Quota state, on the key's row so that one guarded update checks and counts both limits for
    -- every API replica at once: the current minute's window and its count, and the key's
    -- submissions not yet finished (the result consumer counts those down). last_reserved_at: an
    -- idle key's waiting count is recounted from its submissions (api access/Quotas).
    window_start     timestamptz not null default now(),
    window_count     integer     not null default 0,
    waiting          integer     not null default 0 check (waiting >= 0),
    last_reserved_at timestamptz
);

-- Whose submission it is (null: anonymous, or made before keys). holds_quota: it still counts
-- towards its key's waiting submissions; cleared, once, when its verdict is recorded.
alter table submission add column api_key_id uuid references api_key (id);
alter table submission add column holds_quota boolean not null default false;
create index submission_holding_quota on submission (api_key_id) where holds_quota;
