-- What a submission builds beside its source: its other files and the compile options it chose, as the
-- request message carries them (JudgeRequest.Program). Null for the source alone, as most are.
alter table submission add column program jsonb;
