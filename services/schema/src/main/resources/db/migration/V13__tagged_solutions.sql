-- A version imported with verify keeps its setter's tagged solutions ([{"name", "tag", "program"}]),
-- judged when it is prepared; their verdicts ([{"name", "tag", "verdict", "score", "matchesTag"}])
-- are recorded with its preparation's end.
alter table problem_version add column solutions json;
alter table problem_version add column solution_verdicts json;
