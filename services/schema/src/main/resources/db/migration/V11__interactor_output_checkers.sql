-- An interactive problem may name a checker for what its interactor writes (testlib's tout); without
-- one the interactor alone decides, which is what every interactive version stored so far meant,
-- whatever checker it was stored with (the judge ignored it).
alter table problem_version alter column checker drop not null;
update problem_version set checker = null where interactor is not null;
