-- Problems belong to who made them: a key (owner_key_id), the anonymous caller of a stack that allows
-- anonymous calls (anonymous_owner), or, with neither, the admin. The admin manages every problem.
-- submitters: who may submit to it and read its statement: OWNER (its owner alone) or PUBLIC (any
-- caller). Problems made before owners stay the admin's and open to all, as they were.
alter table problem add column owner_key_id uuid references api_key (id);
alter table problem add column anonymous_owner boolean not null default false;
alter table problem add column submitters text not null default 'PUBLIC' check (submitters in ('OWNER', 'PUBLIC'));
alter table problem alter column submitters set default 'OWNER';

-- What a key may do (api access/Scope): SUBMIT, and PROBLEMS (make problems and manage its own).
-- Keys made before scopes only submit, which is all they could do that was theirs.
alter table api_key add column scopes text[] not null default '{SUBMIT}';
