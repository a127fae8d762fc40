-- A version's tests as workers fetch them by reference: their content hash (dev.judge.contracts.TestData.Digest,
-- computed by the API when it stores the version), their size and their number. Null in versions stored
-- before, or by an API of the release before during a rolling upgrade: the API computes them the first
-- time it needs them.
alter table problem_version add column test_data_sha256 text;
alter table problem_version add column test_data_bytes bigint;
alter table problem_version add column test_count integer;
