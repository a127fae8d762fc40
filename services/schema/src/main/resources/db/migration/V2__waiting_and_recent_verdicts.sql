-- Read every second by each API replica to tell polling clients when to come back (Retry-After,
-- api submission/QueueEstimate): the submissions still waiting, by creation time, and the verdicts
-- of the last seconds. Both stay small: only waiting rows, and only finished rows by finish time.
create index submission_waiting on submission (created_at) where status <> 'FINISHED';
create index submission_finished_at on submission (finished_at) where finished_at is not null;
