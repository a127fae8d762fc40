-- A problem package may give several input validators, each run on every test: the first is in
-- validator, the others here (a JSON array of programs).
alter table problem_version
    add column further_validators json;
