-- A version whose tests its setter gave as programs (a Polygon package's generators, and answers
-- left to its main solution) keeps them as the contract's TestGeneration ({"generators", "recipes",
-- "answerer", "answers"}) until a worker has made the tests: their rows hold empty text in the
-- places still to be made, and tests_generated_at is null. A worker stores what it made once: the
-- first to store wins, and the version's tests never change after.
alter table problem_version add column test_generation json;
alter table problem_version add column tests_generated_at timestamptz;
