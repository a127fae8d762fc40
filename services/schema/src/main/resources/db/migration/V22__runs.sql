-- Communication problems run several instances of a submission at once on each test; multi-pass
-- problems run it again on the input the interactor or checker leaves, up to a number of passes.
alter table problem_version
    add column instances integer not null default 1 check (instances >= 1),
    add column passes integer not null default 1 check (passes >= 1);
