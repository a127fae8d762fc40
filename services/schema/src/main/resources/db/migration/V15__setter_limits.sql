-- A problem's own limits for its setter programs ({"timeLimitMs", "memoryLimitMb"}, the contract's
-- SetterLimits); null for the worker's.
alter table problem_version add column setter_limits json;
