-- The languages a problem takes submissions in (a problem package's languages list), by the catalog's
-- ids. Null for a problem that takes every language the judge offers.
alter table problem_version add column languages text[];
