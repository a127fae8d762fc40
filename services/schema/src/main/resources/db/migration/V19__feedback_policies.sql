-- What a submission's own key sees of its judgement (FeedbackPolicy), and the sample tests (numbers from
-- 1) it always sees in full; a version's, as the tests it names are.
alter table problem_version add column feedback text not null default 'FULL'
    check (feedback in ('FULL', 'FIRST_FAILURE', 'SUMMARY'));
alter table problem_version add column samples integer[];
