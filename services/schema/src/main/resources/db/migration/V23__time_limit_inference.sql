-- An imported package that gives no time limit has one inferred from its example submissions' times
-- when its version is prepared (the problem package format's rule): how, until then.
alter table problem_version
    add column time_limit_inference json;
