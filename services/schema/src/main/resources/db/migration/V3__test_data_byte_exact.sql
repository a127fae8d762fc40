-- Test data and a run's input are kept exactly as sent, NUL and every other control character
-- included: judges do get such data, and PostgreSQL's text type cannot hold NUL. They are stored as
-- their UTF-8 bytes.
alter table test_case
    alter column input type bytea using convert_to(input, 'UTF8'),
    alter column expected_output type bytea using convert_to(expected_output, 'UTF8');
alter table submission alter column stdin type bytea using convert_to(stdin, 'UTF8');

-- A result holds what a program printed, which may include NUL: json keeps the worker's text as it
-- came (NUL escaped as \u0000), where jsonb refuses it. Nothing queries inside a result.
alter table submission alter column result type json using result::json;
