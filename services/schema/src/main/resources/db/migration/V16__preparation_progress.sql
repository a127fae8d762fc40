-- A preparation under way says how far it got (the worker sends it every half minute): the API sends a
-- version again only after judge.problems.preparation.resend-after without a word, and at most
-- judge.problems.preparation.max-sends times in all; then the version fails, rather than go to every
-- worker in turn.
alter table problem_version add column preparation_progress text;
alter table problem_version add column preparation_progress_at timestamptz;
alter table problem_version add column preparation_sends integer not null default 0;
